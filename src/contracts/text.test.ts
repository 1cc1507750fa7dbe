import { describe, expect, it } from 'vitest';
import { calendarDay, text } from './text';

describe('calendarDay', () => {
  it.each(['2026-02-28', '2024-02-29', '0000-01-01', '9999-12-30'])('takes the real day %s', (day) => {
    expect(calendarDay.safeParse(day).success).toBe(true);
  });

  it.each([
    ['2026-02-30', 'no such day'],
    ['2025-02-29', 'not a leap year'],
    ['0000-00-00', 'no month zero'],
    ['2026-1-05', 'not the shape'],
    // Its next day, where a period ends, is written "+010000-01-01T…" and sorts before every stored time.
    ['9999-12-31', 'the last day that can be written'],
  ])('refuses %s (%s)', (day) => {
    expect(calendarDay.safeParse(day).success).toBe(false);
  });
});

describe('text', () => {
  it('refuses U+0000 and what is longer than its limit, takes the rest', () => {
    expect(text(3).safeParse('abc').success).toBe(true);
    expect(text(3).safeParse('abcd').success).toBe(false);
    expect(text(3).safeParse('a\u0000b').success).toBe(false);
  });
});
