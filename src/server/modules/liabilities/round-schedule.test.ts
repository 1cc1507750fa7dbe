import { describe, expect, it } from 'vitest';
import { roundDue } from './round-schedule';

describe('roundDue', () => {
  const now = new Date('2026-11-25T17:00:00Z');
  it('is never due when rounds are off', () => {
    expect(roundDue('off', null, now, true)).toBe(false);
  });
  it('is due at once when there was no round and someone is owed something', () => {
    expect(roundDue('monthly', null, now, true)).toBe(true);
    expect(roundDue({ everyDays: 7 }, null, now, true)).toBe(true);
  });
  it('never publishes an empty first round (a fresh server), but later rounds even at $0', () => {
    expect(roundDue('monthly', null, now, false)).toBe(false);
    expect(roundDue({ everyDays: 7 }, null, now, false)).toBe(false);
    expect(roundDue('monthly', '2026-10-31T23:59:59Z', now, false)).toBe(true);
  });
  it('monthly: once per UTC month', () => {
    expect(roundDue('monthly', '2026-11-01T00:00:05Z', now, true)).toBe(false);
    expect(roundDue('monthly', '2026-10-31T23:59:59Z', now, true)).toBe(true);
    expect(roundDue('monthly', '2025-11-20T00:00:00Z', now, true)).toBe(true);
  });
  it('every N days: from the last snapshot', () => {
    expect(roundDue({ everyDays: 7 }, '2026-11-18T17:00:01Z', now, true)).toBe(false);
    expect(roundDue({ everyDays: 7 }, '2026-11-18T17:00:00Z', now, true)).toBe(true);
  });
});
