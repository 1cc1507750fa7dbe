import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_HOLD_HOURS, passwordHoldHoursLeft } from './locks';

describe('password change hold', () => {
  const changed = new Date('2026-03-01T10:00:00Z');
  const at = (ms: number) => new Date(changed.getTime() + ms);

  it('holds withdrawals 24 hours, counted up in whole hours', () => {
    expect(PASSWORD_CHANGE_HOLD_HOURS).toBe(24);
    expect(passwordHoldHoursLeft(changed, changed)).toBe(24);
    expect(passwordHoldHoursLeft(changed, at(1))).toBe(24);
    expect(passwordHoldHoursLeft(changed, at(3_600_000))).toBe(23);
    expect(passwordHoldHoursLeft(changed, at(24 * 3_600_000 - 1))).toBe(1);
  });

  it('ends exactly 24 hours after the change, and there is none without a change', () => {
    expect(passwordHoldHoursLeft(changed, at(24 * 3_600_000))).toBe(0);
    expect(passwordHoldHoursLeft(changed, at(48 * 3_600_000))).toBe(0);
    expect(passwordHoldHoursLeft(null, changed)).toBe(0);
  });
});
