import { describe, expect, it } from 'vitest';
import { resolveLimits, withdrawalLimitFacts, type DirectionStanding, type LimitsState } from './limits';

const deposit: DirectionStanding = { direction: 'deposit', perRequest: 50_000, rolling30Days: 100_000, used: 30_000 };
const withdrawal: DirectionStanding = { direction: 'withdrawal', perRequest: null, rolling30Days: null, used: 0 };
const state: LimitsState = { tier: 'email', next: 'identity', directions: [deposit, withdrawal] };
const keys = (s: LimitsState) => resolveLimits(s).map((f) => f.key);

describe('resolveLimits', () => {
  it('says so when no limit is on', () => {
    expect(resolveLimits(null)).toEqual([{ key: 'limits.off', values: {} }]);
  });

  it('gives the tier, what the 30 days leave with what they used, the per-request cap, and what raises them', () => {
    expect(resolveLimits(state)).toEqual([
      { key: 'limits.tier.email', values: {} },
      {
        key: 'limits.deposit.left',
        values: {
          left: { type: 'money', amount: '700.00' },
          max: { type: 'money', amount: '1000.00' },
          used: { type: 'money', amount: '300.00' },
        },
      },
      { key: 'limits.deposit.perRequest', values: { max: { type: 'money', amount: '500.00' } } },
      { key: 'limits.withdrawal.none', values: {} },
      { key: 'limits.raise.identity', values: {}, link: '/profile' },
    ]);
  });

  it('never leaves less than nothing, and says a direction is closed when its limit is zero', () => {
    const over = { ...deposit, used: 150_000 };
    expect(resolveLimits({ ...state, directions: [over] })[1]!.values.left).toEqual({ type: 'money', amount: '0.00' });
    const closed = { ...withdrawal, perRequest: 0 };
    expect(keys({ ...state, directions: [closed] })).toEqual([
      'limits.tier.email',
      'limits.withdrawal.closed',
      'limits.raise.identity',
    ]);
  });

  it('asks a person without a confirmed address to confirm it first, and offers nothing at the top tier', () => {
    expect(keys({ ...state, tier: 'none', next: 'email' }).at(-1)).toBe('limits.raise.email');
    expect(keys({ ...state, tier: 'identity', next: null }).at(-1)).toBe('limits.withdrawal.none');
  });
});

describe('withdrawalLimitFacts', () => {
  const at = (d: Partial<DirectionStanding>): LimitsState => ({
    tier: 'email',
    next: 'identity',
    directions: [deposit, { ...withdrawal, ...d }],
  });

  it('says nothing without a withdrawal limit', () => {
    expect(withdrawalLimitFacts(null)).toEqual({ facts: [], blocks: false });
    expect(withdrawalLimitFacts(at({}))).toEqual({ facts: [], blocks: false });
  });

  it('states the per-request cap alone, or with what the 30 days leave', () => {
    expect(withdrawalLimitFacts(at({ perRequest: 10_000 })).facts).toEqual([
      { key: 'withdraw.limitPerRequest', values: { perRequest: { type: 'money', amount: '100.00' } } },
    ]);
    const both = withdrawalLimitFacts(at({ perRequest: 10_000, rolling30Days: 15_000, used: 14_999 }));
    expect(both).toEqual({
      facts: [
        {
          key: 'withdraw.limitLeftPerRequest',
          values: {
            left: { type: 'money', amount: '0.01' },
            max: { type: 'money', amount: '150.00' },
            perRequest: { type: 'money', amount: '100.00' },
          },
        },
      ],
      blocks: false,
    });
  });

  it('blocks at the last cent used, exactly where the service refuses', () => {
    const reached = withdrawalLimitFacts(at({ rolling30Days: 15_000, used: 15_000 }));
    expect(reached.blocks).toBe(true);
    expect(reached.facts.map((f) => f.key)).toEqual(['withdraw.limitReached', 'limits.raise.identity']);
  });
});
