import { describe, expect, it } from 'vitest';
import { DAY_MS } from './clock';
import { withdrawalLockBoundary, withdrawalLockDaysLeft } from './locks';

describe('withdrawal lock boundary', () => {
  it('locks exactly the first investments made after it, as withdrawalLockDaysLeft does', () => {
    const now = new Date('2026-03-31T10:00:00.000Z');
    const boundary = withdrawalLockBoundary(now);
    const offsets = [-1, 0, 1, DAY_MS, 29 * DAY_MS, 30 * DAY_MS - 1, 30 * DAY_MS, 30 * DAY_MS + 1, 45 * DAY_MS];
    for (const ago of offsets) {
      const first = new Date(now.getTime() - ago);
      // ISO text compares as the database compares it.
      expect(first.toISOString() > boundary.toISOString(), `first investment ${ago} ms ago`).toBe(withdrawalLockDaysLeft(first, now) > 0);
    }
    expect(withdrawalLockDaysLeft(new Date(now.getTime() - 30 * DAY_MS + 1), now)).toBe(1);
    expect(withdrawalLockDaysLeft(boundary, now)).toBe(0);
  });
});
