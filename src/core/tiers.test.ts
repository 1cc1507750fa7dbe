import { describe, expect, it } from 'vitest';
import { DAY_MS } from './clock';
import { exceededLimit, leftOf, limitWindowStart, nextTier, tierOf } from './tiers';

describe('tiers', () => {
  it('follow from the verification facts, lowest first, and say what raises them', () => {
    const facts = { emailVerified: false, identityVerified: false, addressVerified: false };
    expect(tierOf(facts)).toBe('none');
    expect(tierOf({ ...facts, emailVerified: true })).toBe('email');
    expect(tierOf({ emailVerified: true, identityVerified: true, addressVerified: true })).toBe('identity');
    // An identity without its address does not reach the identity tier.
    expect(tierOf({ emailVerified: true, identityVerified: true, addressVerified: false })).toBe('email');
    expect([nextTier('none'), nextTier('email'), nextTier('identity')]).toEqual(['email', 'identity', null]);
  });
});

describe('limits', () => {
  const limits = { perRequest: 100_00, rolling30Days: 150_00 };

  it('judge the request first, then the 30 days with what they already used', () => {
    expect(exceededLimit(limits, 0, 100_00)).toBeNull();
    expect(exceededLimit(limits, 0, 100_01)).toEqual({ limit: 'per_request', max: 100_00, left: 100_00 });
    expect(exceededLimit(limits, 50_00, 100_00)).toBeNull();
    expect(exceededLimit(limits, 50_01, 100_00)).toEqual({ limit: 'rolling_30_days', max: 150_00, left: 99_99 });
    // Used beyond the limit (a lowered configuration): nothing is left, never less.
    expect(exceededLimit(limits, 200_00, 1)).toEqual({ limit: 'rolling_30_days', max: 150_00, left: 0 });
    // No limit, or a limit of zero (nothing may move).
    expect(exceededLimit({ perRequest: null, rolling30Days: null }, 10 ** 11, 10 ** 11)).toBeNull();
    expect(exceededLimit({ perRequest: 0, rolling30Days: 0 }, 0, 1)).toEqual({ limit: 'per_request', max: 0, left: 0 });
  });

  it('leave what the window did not use, and the window is the 30 days before now', () => {
    expect(leftOf(null, 5)).toBeNull();
    expect(leftOf(150_00, 60_00)).toBe(90_00);
    expect(leftOf(150_00, 160_00)).toBe(0);
    const now = new Date('2026-11-26T10:00:00Z');
    expect(now.getTime() - limitWindowStart(now).getTime()).toBe(30 * DAY_MS);
  });
});
