import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTypedDate, parseTypedDate, reversedRange, type DateLanguage } from './dates';

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
