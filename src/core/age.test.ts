import { describe, expect, it } from 'vitest';
import { ageOn, parseBirthDate } from './age';

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('parseBirthDate', () => {
  it('accepts real dates only', () => {
    expect(parseBirthDate('2000-02-29')).toEqual({ y: 2000, m: 2, d: 29 });
    expect(parseBirthDate('2001-02-29')).toBeNull();
    expect(parseBirthDate('2001-13-01')).toBeNull();
    expect(parseBirthDate('01/02/2001')).toBeNull();
    expect(parseBirthDate('')).toBeNull();
  });
});

describe('ageOn', () => {
  it('is exact to the day, not the year difference', () => {
    const birth = parseBirthDate('2008-06-15')!;
    expect(ageOn(birth, on('2026-06-14'))).toBe(17);
    expect(ageOn(birth, on('2026-06-15'))).toBe(18);
    expect(ageOn(birth, on('2026-01-01'))).toBe(17);
  });

  it('handles 29 February birthdays', () => {
    const birth = parseBirthDate('2008-02-29')!;
    expect(ageOn(birth, on('2026-02-28'))).toBe(17);
    expect(ageOn(birth, on('2026-03-01'))).toBe(18);
  });
});
