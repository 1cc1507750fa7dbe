import { describe, expect, it } from 'vitest';
import { resolveWithdrawal, type WithdrawalState } from './withdrawal';

const now = new Date('2026-11-25T12:00:00.000Z');
const clear: WithdrawalState = {
  frozen: false,
  supportEmail: 'support@example.test',
  emailVerified: true,
  firstInvestmentAt: '2026-09-01T08:00:00.000Z',
  passwordChangedAt: null,
  secondFactorRemovedAt: null,
  availableCents: 125_000,
  investedCents: 50_000,
  heldCents: 0,
  pending: [],
  limits: null,
};
const keys = (s: WithdrawalState) => resolveWithdrawal(s, now).map((f) => f.key);

describe('resolveWithdrawal', () => {
  it('says nothing blocks, with what can leave and what stays invested', () => {
    expect(resolveWithdrawal(clear, now)).toEqual([
      {
        key: 'withdraw.open',
        values: {
          available: { type: 'money', amount: '1250.00' },
          invested: { type: 'money', amount: '500.00' },
          held: { type: 'money', amount: '0.00' },
        },
        link: '/withdraw',
      },
    ]);
  });

  it('gives the exact end of the 30-day lock: the first investment plus 30 days, to the minute', () => {
    const [lock, balances] = resolveWithdrawal({ ...clear, firstInvestmentAt: '2026-11-10T09:30:00.000Z' }, now);
    expect(lock).toEqual({
      key: 'withdraw.locked',
      values: {
        until: { type: 'datetime', at: '2026-12-10T09:30:00.000Z' },
        first: { type: 'datetime', at: '2026-11-10T09:30:00.000Z' },
        days: { type: 'count', value: 15 },
      },
      link: '/withdraw',
    });
    expect(balances?.key).toBe('withdraw.balances');
  });

  it('lifts the lock at exactly 30 days, as the withdrawal service does', () => {
    expect(keys({ ...clear, firstInvestmentAt: '2026-10-26T12:00:00.000Z' })).toEqual(['withdraw.open']);
    expect(keys({ ...clear, firstInvestmentAt: '2026-10-26T12:00:00.001Z' })).toContain('withdraw.locked');
  });

  it('gives the end of the hold after a password change', () => {
    const facts = resolveWithdrawal({ ...clear, passwordChangedAt: '2026-11-25T08:15:00.000Z' }, now);
    expect(facts[0]).toEqual({
      key: 'withdraw.passwordHold',
      values: { until: { type: 'datetime', at: '2026-11-26T08:15:00.000Z' } },
    });
    expect(keys({ ...clear, passwordChangedAt: '2026-11-24T11:59:59.000Z' })).toEqual(['withdraw.open']);
  });

  it('gives the end of the hold after the second factor was turned off, beside a password hold', () => {
    const facts = resolveWithdrawal(
      { ...clear, passwordChangedAt: '2026-11-25T08:15:00.000Z', secondFactorRemovedAt: '2026-11-25T10:00:00.000Z' },
      now,
    );
    expect(facts.map((f) => f.key)).toEqual([
      'withdraw.passwordHold',
      'withdraw.secondFactorHold',
      'withdraw.balances',
    ]);
    expect(facts[1]).toEqual({
      key: 'withdraw.secondFactorHold',
      values: { until: { type: 'datetime', at: '2026-11-26T10:00:00.000Z' } },
    });
    expect(keys({ ...clear, secondFactorRemovedAt: '2026-11-24T12:00:00.000Z' })).toEqual(['withdraw.open']);
  });

  it('names a pending request and one waiting for its second approval', () => {
    const facts = resolveWithdrawal(
      {
        ...clear,
        heldCents: 300_000,
        pending: [
          { amountCents: 100_000, createdAt: '2026-11-24T10:00:00.000Z', firstApprovedAt: null },
          { amountCents: 200_000, createdAt: '2026-11-24T11:00:00.000Z', firstApprovedAt: '2026-11-25T09:00:00.000Z' },
        ],
      },
      now,
    );
    expect(facts.map((f) => f.key)).toEqual(['withdraw.pending', 'withdraw.secondApproval', 'withdraw.open']);
    expect(facts[1]!.values).toMatchObject({
      amount: { amount: '2000.00' },
      approvedAt: { at: '2026-11-25T09:00:00.000Z' },
    });
  });

  it('explains that everything is invested when nothing is available', () => {
    expect(resolveWithdrawal({ ...clear, availableCents: 0 }, now)).toEqual([
      { key: 'withdraw.allInvested', values: { invested: { type: 'money', amount: '500.00' } }, link: '/portfolio' },
    ]);
  });

  it('puts a frozen account and an unconfirmed address first, each with its own fact', () => {
    expect(keys({ ...clear, frozen: true, emailVerified: false })).toEqual([
      'withdraw.frozen',
      'withdraw.emailNotVerified',
      'withdraw.balances',
    ]);
  });

  it('names a tier that allows no withdrawal as a cause, with what raises it', () => {
    const limits = {
      tier: 'email' as const,
      next: 'identity' as const,
      directions: [{ direction: 'withdrawal' as const, perRequest: 0, rolling30Days: 0, used: 0 }],
    };
    expect(resolveWithdrawal({ ...clear, limits }, now)).toEqual([
      { key: 'withdraw.limitNone.email', values: {} },
      { key: 'limits.raise.identity', values: {}, link: '/profile' },
      {
        key: 'withdraw.balances',
        values: {
          available: { type: 'money', amount: '1250.00' },
          invested: { type: 'money', amount: '500.00' },
          held: { type: 'money', amount: '0.00' },
        },
        link: '/withdraw',
      },
    ]);
  });

  it('states what is left under the 30-day limit without blocking, and blocks once it is used up', () => {
    const limits = (used: number) => ({
      tier: 'identity' as const,
      next: null,
      directions: [{ direction: 'withdrawal' as const, perRequest: null, rolling30Days: 200_000, used }],
    });
    expect(resolveWithdrawal({ ...clear, limits: limits(50_000) }, now)[0]).toEqual({
      key: 'withdraw.limitLeft',
      values: { left: { type: 'money', amount: '1500.00' }, max: { type: 'money', amount: '2000.00' } },
    });
    expect(keys({ ...clear, limits: limits(50_000) })).toEqual(['withdraw.limitLeft', 'withdraw.open']);
    // At the top tier nothing raises it: no link to the profile.
    expect(keys({ ...clear, limits: limits(200_000) })).toEqual(['withdraw.limitReached', 'withdraw.balances']);
  });
});
