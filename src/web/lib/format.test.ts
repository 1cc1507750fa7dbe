import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The real module sets up i18next for a browser; these tests pass the language explicitly.
vi.mock('./i18n', () => ({ currentLanguage: () => 'fr' }));

import {
  formatAge,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayMonth,
  money,
  monthName,
  numberText,
  percent,
  percentText,
  withColon,
} from './format';

const locales = { fr: 'fr-FR', en: 'en-US', es: 'es-ES' } as const;
const languages = ['fr', 'en', 'es'] as const;

describe('percent', () => {
  // Written by hand for speed: it must read exactly as Intl would for every share a page shows.
  it.each(['fr', 'en', 'es'] as const)('matches Intl.NumberFormat in %s for shares from 0 to 100 %%', (lng) => {
    const intl = new Intl.NumberFormat({ fr: 'fr-FR', en: 'en-US', es: 'es-ES' }[lng], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    for (let cents = 0; cents <= 10_000; cents += 7) {
      const share = (cents * 100) / 10_000 + 0.004;
      expect(percent(share, lng)).toBe(`${intl.format(share)} %`);
    }
    expect(percent(100, lng)).toBe(`${intl.format(100)} %`);
    expect(percent(-3.5, lng)).toBe(`${intl.format(-3.5)} %`);
  });
});

describe('percentText', () => {
  it('writes a return from the API with the decimal sign of the language', () => {
    expect(percentText('-3.50', 'fr')).toBe('-3,50 %');
    expect(percentText('12.00', 'es')).toBe('12,00 %');
    expect(percentText('12.00', 'en')).toBe('12.00 %');
  });

  // A return can pass 1,000 %: grouped exactly as Intl groups it in each language.
  it.each(['fr', 'en', 'es'] as const)('groups thousands as Intl.NumberFormat does in %s', (lng) => {
    const intl = new Intl.NumberFormat({ fr: 'fr-FR', en: 'en-US', es: 'es-ES' }[lng], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    for (const value of [0, 999.99, 1000, 1234.56, -1234.5, 12_345.67, 123_456.78, 1_234_567.8, -98_765_432.1]) {
      expect(percentText(value.toFixed(2), lng)).toBe(`${intl.format(value)} %`);
    }
  });
});

// Written by hand (the first Intl formatter of a page costs a long task): they must read exactly as
// Intl does, in the reader's time zone, wherever that is.
describe.each(['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'])(
  'dates as Intl writes them, read in %s',
  (zone) => {
    const before = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone; // Node reads it again for Date and Intl alike
    });
    afterAll(() => {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    });

    it('reads the moments in that zone', () => {
      const offset = {
        UTC: 0,
        'Europe/Paris': 60,
        'America/New_York': -300,
        'Asia/Kolkata': 330,
        'Pacific/Chatham': 825,
      };
      expect(0 - new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(offset[zone as keyof typeof offset]);
    });
    const moments = fc.integer({ min: Date.UTC(1999, 0, 1), max: Date.UTC(2101, 0, 1) });

    it.each(languages)('medium date, medium date with short time, day and month (%s)', (lng) => {
      const date = new Intl.DateTimeFormat(locales[lng], { dateStyle: 'medium' });
      const dateTime = new Intl.DateTimeFormat(locales[lng], { dateStyle: 'medium', timeStyle: 'short' });
      const dayMonth = new Intl.DateTimeFormat(locales[lng], { day: 'numeric', month: 'short' });
      fc.assert(
        fc.property(moments, (ms) => {
          const iso = new Date(ms).toISOString();
          expect(formatDate(iso, lng)).toBe(date.format(ms));
          expect(formatDateTime(ms, lng)).toBe(dateTime.format(ms));
          expect(formatDayMonth(new Date(ms), lng)).toBe(dayMonth.format(ms));
        }),
        { numRuns: 400 },
      );
      // Every hour of a day, for the 12- and 24-hour clocks (midnight and noon above all).
      for (let hour = 0; hour < 24; hour++) {
        const ms = new Date(2026, 10, 26, hour, 5).getTime();
        expect(formatDateTime(ms, lng)).toBe(dateTime.format(ms));
      }
    });
  },
);

it('refuses an invalid date as Intl does', () => {
  expect(() => formatDate('not a date', 'fr')).toThrow(RangeError);
  expect(() => new Intl.DateTimeFormat('fr-FR').format(new Date('not a date'))).toThrow(RangeError);
});

describe('dates and ages in the current language', () => {
  it.each(languages)('names every month as Intl does (%s)', (lng) => {
    const intl = new Intl.DateTimeFormat(locales[lng], { month: 'short', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) {
      const name = intl.format(Date.UTC(2024, month, 15));
      expect(monthName(month, lng)).toBe(name.charAt(0).toUpperCase() + name.slice(1).replace(/\.$/, ''));
    }
  });

  it.each(languages)('says an age as Intl.RelativeTimeFormat does (%s)', (lng) => {
    const intl = new Intl.RelativeTimeFormat(locales[lng], { numeric: 'auto' });
    for (let minutes = 1; minutes < 60; minutes++)
      expect(formatAge(minutes * 60 + 59, '', lng)).toBe(intl.format(-minutes, 'minute'));
    for (let hours = 1; hours < 24; hours++) expect(formatAge(hours * 3600, '', lng)).toBe(intl.format(-hours, 'hour'));
    for (let days = 1; days < 400; days++) expect(formatAge(days * 86_400, '', lng)).toBe(intl.format(-days, 'day'));
  });

  it('names months in each language, capitalised, without the abbreviation dot', () => {
    expect(monthName(0, 'fr')).toBe('Janv');
    expect(monthName(4, 'en')).toBe('May');
    expect(monthName(11, 'es')).toBe('Dic');
  });

  it('writes day and month only for chart axes', () => {
    expect(formatDayMonth('2026-03-03T12:00:00Z', 'fr')).toBe('3 mars');
    expect(formatDayMonth('2026-03-03T12:00:00Z', 'en')).toBe('Mar 3');
  });

  it('says how old a price is', () => {
    expect(formatAge(30, 'à l’instant', 'fr')).toBe('à l’instant');
    expect(formatAge(180, '', 'fr')).toBe('il y a 3 minutes');
    expect(formatAge(7200, '', 'en')).toBe('2 hours ago');
    expect(formatAge(86_400, '', 'es')).toBe('ayer');
  });
});

it.each(languages)('writes an advertised rate as Intl does, at most two decimals (%s)', (lng) => {
  const intl = new Intl.NumberFormat(locales[lng], { maximumFractionDigits: 2 });
  for (let hundredths = 0; hundredths <= 200_000; hundredths += 37) {
    const value = hundredths / 100;
    expect(numberText(value, lng)).toBe(intl.format(value));
  }
  for (const value of [0, 1, 2.5, 10, 0.83, 12.5, 1000, 12_345.67])
    expect(numberText(value, lng)).toBe(intl.format(value));
});

it('formats money the same in every language (spec §9)', () => {
  expect(money('1234.50')).toBe('$1,234.50');
  expect(money(123450)).toBe('$1,234.50');
});

it('puts a colon after a label as each language writes it', () => {
  expect(withColon('Crypto', 'fr')).toBe('Crypto\u00a0:');
  expect(withColon('Stocks', 'en')).toBe('Stocks:');
  expect(withColon('Acciones', 'es')).toBe('Acciones:');
});

describe('formatDay', () => {
  // A calendar day is written as every other screen writes a date, the same day in any time zone.
  it.each([
    ['1988-04-12', 'fr', '12 avr. 1988'],
    ['1988-04-12', 'en', 'Apr 12, 1988'],
    ['1988-04-12', 'es', '12 abr 1988'],
    ['2031-01-01', 'fr', '1 janv. 2031'],
    ['not a day', 'fr', 'not a day'],
  ] as const)('%s in %s reads "%s"', (day, lng, shown) => {
    expect(formatDay(day, lng)).toBe(shown);
  });
});
