import { describe, expect, it } from 'vitest';
import { DAY_MS } from './clock';
import {
  SECURITY_CHANGE_HOLD_HOURS,
  securityHoldHoursLeft,
  withdrawalLockBoundary,
  withdrawalLockDaysLeft,
} from './locks';

describe('password change hold', () => {
  const changed = new Date('2026-03-01T10:00:00Z');
  const at = (ms: number) => new Date(changed.getTime() + ms);

  it('holds withdrawals 24 hours, counted up in whole hours', () => {
    expect(SECURITY_CHANGE_HOLD_HOURS).toBe(24);
    expect(securityHoldHoursLeft(changed, changed)).toBe(24);
    expect(securityHoldHoursLeft(changed, at(1))).toBe(24);
    expect(securityHoldHoursLeft(changed, at(3_600_000))).toBe(23);
    expect(securityHoldHoursLeft(changed, at(24 * 3_600_000 - 1))).toBe(1);
  });

  it('ends exactly 24 hours after the change, and there is none without a change', () => {
    expect(securityHoldHoursLeft(changed, at(24 * 3_600_000))).toBe(0);
    expect(securityHoldHoursLeft(changed, at(48 * 3_600_000))).toBe(0);
    expect(securityHoldHoursLeft(null, changed)).toBe(0);
  });
});

describe('withdrawal lock boundary', () => {
  it('locks exactly the first investments made after it, as withdrawalLockDaysLeft does', () => {
    const now = new Date('2026-03-31T10:00:00.000Z');
    const boundary = withdrawalLockBoundary(now);
    const offsets = [-1, 0, 1, DAY_MS, 29 * DAY_MS, 30 * DAY_MS - 1, 30 * DAY_MS, 30 * DAY_MS + 1, 45 * DAY_MS];
    for (const ago of offsets) {
      const first = new Date(now.getTime() - ago);
      // ISO text compares as the database compares it.
      expect(first.toISOString() > boundary.toISOString(), `first investment ${ago} ms ago`).toBe(
        withdrawalLockDaysLeft(first, now) > 0,
      );
    }
    expect(withdrawalLockDaysLeft(new Date(now.getTime() - 30 * DAY_MS + 1), now)).toBe(1);
    expect(withdrawalLockDaysLeft(boundary, now)).toBe(0);
  });
});
