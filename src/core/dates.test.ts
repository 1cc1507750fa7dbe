import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatLongDate,
  formatLongDateTime,
  formatTypedDate,
  parseTypedDate,
  reversedRange,
  type DateLanguage,
} from './dates';

const langs: DateLanguage[] = ['fr', 'en', 'es'];
const intlLocale: Record<DateLanguage, string> = { fr: 'fr-FR', en: 'en-US', es: 'es-ES' };

describe('parseTypedDate', () => {
  it.each([
    ['31/12/1990', '1990-12-31', null, '1990-12-31'],
    ['12/31/1990', null, '1990-12-31', null],
    ['03/04/2001', '2001-04-03', '2001-03-04', '2001-04-03'],
    ['3/4/2001', '2001-04-03', '2001-03-04', '2001-04-03'],
    ['03.04.2001', '2001-04-03', '2001-03-04', '2001-04-03'],
    ['03-04-2001', '2001-04-03', '2001-03-04', '2001-04-03'],
    ['03 04 2001', '2001-04-03', '2001-03-04', '2001-04-03'],
    ['03042001', '2001-04-03', '2001-03-04', '2001-04-03'],
    [' 1990-12-31 ', '1990-12-31', '1990-12-31', '1990-12-31'],
    ['29/02/2000', '2000-02-29', null, '2000-02-29'],
    ['29/02/1900', null, null, null],
    ['31/04/1990', null, null, null],
    ['00/01/1990', null, null, null],
    ['1/1/90', null, null, null],
    ['1990/12/31', null, null, null],
    ['', null, null, null],
    ['aa/bb/cccc', null, null, null],
  ])('%j → fr %s, en %s, es %s', (text, fr, en, es) => {
    expect(langs.map((l) => parseTypedDate(text, l))).toEqual([fr, en, es]);
  });

  it('reads back every day as Intl writes it in the language (numeric day, month, year), and as formatTypedDate writes it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2100, 11, 31)), noInvalidDate: true }),
        fc.constantFrom(...langs),
        (date, lang) => {
          const iso = date.toISOString().slice(0, 10);
          const written = new Intl.DateTimeFormat(intlLocale[lang], {
            day: '2-digit',
            month: '2-digit',
            year: 'numeric',
            timeZone: 'UTC',
          }).format(date);
          expect(parseTypedDate(written, lang)).toBe(iso);
          expect(formatTypedDate(iso, lang)).toBe(written);
          expect(parseTypedDate(formatTypedDate(iso, lang), lang)).toBe(iso);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('reversedRange', () => {
  it('is true only for two ISO days, the second before the first', () => {
    expect(reversedRange('2026-03-02', '2026-03-01')).toBe(true);
    expect(reversedRange('2026-01-01', '2025-12-31')).toBe(true);
    expect(reversedRange('2026-03-01', '2026-03-01')).toBe(false);
    expect(reversedRange('2026-03-01', '2026-03-02')).toBe(false);
  });

  it('lets anything that is not an ISO day bound nothing (empty, half-typed)', () => {
    expect(reversedRange(undefined, '2026-03-01')).toBe(false);
    expect(reversedRange('2026-03-01', '')).toBe(false);
    expect(reversedRange('2026-03-01', '01/02/2026')).toBe(false);
    expect(reversedRange('2026-03-01', '2026-02')).toBe(false);
  });
});

describe('dates in words (e-mails, the statement PDF)', () => {
  it.each([
    ['2027-12-05', 'fr', '5 décembre 2027'],
    ['2027-12-05', 'en', 'December 5, 2027'],
    ['2027-12-05', 'es', '5 de diciembre de 2027'],
    // An instant is its UTC day: 23:30 UTC on the 4th is still the 4th.
    ['2027-12-04T23:30:00.000Z', 'fr', '4 décembre 2027'],
    ['2027-01-01T00:00:00.000Z', 'en', 'January 1, 2027'],
  ] as const)('says the day of %s in %s as "%s", never as ISO', (value, lang, words) => {
    expect(formatLongDate(value, lang)).toBe(words);
  });

  it.each([
    ['2026-11-24T00:20:00.000Z', 'fr', '24 novembre 2026 à 00:20 UTC'],
    ['2026-11-24T14:05:00.000Z', 'en', 'November 24, 2026 at 2:05 PM UTC'],
    ['2026-11-24T00:20:00.000Z', 'en', 'November 24, 2026 at 12:20 AM UTC'],
    ['2026-11-24T14:05:00.000Z', 'es', '24 de noviembre de 2026, 14:05 UTC'],
    ['2026-11-24T09:05:00.000Z', 'es', '24 de noviembre de 2026, 9:05 UTC'],
  ] as const)('says the instant %s in %s with its time and zone: "%s"', (value, lang, words) => {
    expect(formatLongDateTime(value, lang)).toBe(words);
  });

  it('agrees with Intl on any day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        fc.constantFrom(...langs),
        (d, lang) => {
          expect(formatLongDate(d, lang)).toBe(
            new Intl.DateTimeFormat(intlLocale[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(d),
          );
        },
      ),
    );
  });
});
