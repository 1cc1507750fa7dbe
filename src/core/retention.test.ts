import { describe, expect, it } from 'vitest';
import { DAY_MS } from './clock';
import { dueRules, erasureAnswer, horizonOf, retentionSchedule, rollingCutoff, rollingSecurityLogs } from './retention';

const closedAt = new Date('2026-01-15T10:00:00.000Z');
const at = (days: number) => new Date(closedAt.getTime() + days * DAY_MS);
const rule = (category: string) => retentionSchedule.find((r) => r.category === category)!;

describe('retention schedule', () => {
  it('has one rule per category, each with a legal basis, an event, a duration and an action', () => {
    expect(new Set(retentionSchedule.map((r) => r.category)).size).toBe(retentionSchedule.length);
    for (const r of retentionSchedule) {
      expect(r.basis.length).toBeGreaterThan(0);
      expect(r.from).toBe('closure');
      expect(Number.isInteger(r.days) && r.days >= 0).toBe(true);
    }
  });

  it('never falls short of the law: 5 years, 10 years and 12 months after closure, to the day or later', () => {
    const plusYears = (n: number) => new Date(Date.UTC(2026 + n, 0, 15, 10));
    expect(horizonOf(rule('identity_documents'), closedAt) >= plusYears(5)).toBe(true);
    expect(horizonOf(rule('contact_details'), closedAt) >= plusYears(5)).toBe(true);
    expect(horizonOf(rule('ledger_audit'), closedAt) >= plusYears(10)).toBe(true);
    expect(horizonOf(rule('sessions_security_logs'), closedAt) >= plusYears(1)).toBe(true);
    // …and not more than a few days later.
    expect(horizonOf(rule('ledger_audit'), closedAt).getTime() - plusYears(10).getTime()).toBeLessThan(3 * DAY_MS);
  });

  it('makes each rule due once, at its horizon', () => {
    expect(dueRules(closedAt, at(0), new Set()).map((r) => r.category)).toEqual(['no_legal_basis']);
    expect(dueRules(closedAt, at(366), new Set(['no_legal_basis'])).map((r) => r.category)).toEqual([
      'sessions_security_logs',
    ]);
    expect(dueRules(closedAt, at(365), new Set(['no_legal_basis']))).toEqual([]);
    expect(dueRules(closedAt, at(4000), new Set()).length).toBe(retentionSchedule.length);
  });

  it('answers an erasure request with what was erased and what remains until when', () => {
    const answer = erasureAnswer(closedAt, at(400), new Set(['no_legal_basis', 'sessions_security_logs']));
    expect(answer.at).toBe(at(400).toISOString());
    expect(answer.erased).toEqual(['no_legal_basis', 'sessions_security_logs']);
    expect(answer.remaining).toEqual([
      { category: 'identity_documents', basis: rule('identity_documents').basis, until: at(1827).toISOString() },
      { category: 'contact_details', basis: rule('contact_details').basis, until: at(1827).toISOString() },
      { category: 'ledger_audit', basis: rule('ledger_audit').basis, until: at(3653).toISOString() },
    ]);
  });

  it("purges every account's security logs twelve months (366 days) after their own date, like the closure rule", () => {
    expect(rollingSecurityLogs.days).toBe(rule('sessions_security_logs').days);
    expect(rollingCutoff(at(366)).toISOString()).toBe(closedAt.toISOString());
  });
});
