import { describe, expect, it } from 'vitest';
import { roundDue } from './round-schedule';

describe('roundDue', () => {
  const now = new Date('2026-11-25T17:00:00Z');
  it('is never due when rounds are off', () => {
    expect(roundDue('off', null, now)).toBe(false);
  });
  it('is due at once when there was no round', () => {
    expect(roundDue('monthly', null, now)).toBe(true);
    expect(roundDue({ everyDays: 7 }, null, now)).toBe(true);
  });
  it('monthly: once per UTC month', () => {
    expect(roundDue('monthly', '2026-11-01T00:00:05Z', now)).toBe(false);
    expect(roundDue('monthly', '2026-10-31T23:59:59Z', now)).toBe(true);
    expect(roundDue('monthly', '2025-11-20T00:00:00Z', now)).toBe(true);
  });
  it('every N days: from the last snapshot', () => {
    expect(roundDue({ everyDays: 7 }, '2026-11-18T17:00:01Z', now)).toBe(false);
    expect(roundDue({ everyDays: 7 }, '2026-11-18T17:00:00Z', now)).toBe(true);
  });
});
