import { describe, expect, it } from 'vitest';
import { commitment, ERASED, plainRowHash, rowHash } from './seal';

const audit = {
  id: 'a1',
  actor_id: 'u1',
  action: 'withdrawal.request',
  target_type: 'user',
  target_id: 'u1',
  before: null,
  after: '{"address":"bc1qmarker"}',
  at: '2026-11-26T12:00:00.000Z',
  ip: '203.0.113.9',
  user_agent: 'Firefox',
  result: 'ok',
};

describe('sealed rows with erasable columns (decision 039)', () => {
  it('hash the same once an erasable value is replaced by its commitment', () => {
    const erased = { ...audit, after: ERASED + commitment(audit, 'after'), ip: ERASED + commitment(audit, 'ip') };
    expect(rowHash('audit_log', erased)).toBe(rowHash('audit_log', audit));
    expect(JSON.stringify(erased)).not.toContain('bc1qmarker');
  });

  it('still show any other change: a kept column, an erasable value, a wrong commitment', () => {
    const sealed = rowHash('audit_log', audit);
    expect(rowHash('audit_log', { ...audit, result: 'failed' })).not.toBe(sealed);
    expect(rowHash('audit_log', { ...audit, after: '{"address":"other"}' })).not.toBe(sealed);
    expect(rowHash('audit_log', { ...audit, after: `${ERASED}${'0'.repeat(64)}` })).not.toBe(sealed);
    // The same value in another row commits differently (the row id is in it).
    expect(commitment({ ...audit, id: 'a2' }, 'after')).not.toBe(commitment(audit, 'after'));
  });

  it('differ from the plain form of rows sealed before it; kinds without erasable columns keep the plain form', () => {
    expect(rowHash('audit_log', audit)).not.toBe(plainRowHash('audit_log', audit));
    const entry = { id: 1, tx_id: 't', account_id: 'u:x:available', amount_cents: 100 };
    expect(rowHash('ledger_entry', entry)).toBe(plainRowHash('ledger_entry', entry));
  });
});
