import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountInput, formatMoneyIn, MAX_AMOUNT_CENTS, parseLocalizedAmount, type AmountLanguage } from './money';

const langs: AmountLanguage[] = ['fr', 'en', 'es'];
const intlLocale: Record<AmountLanguage, string> = { fr: 'fr-FR', en: 'en-US', es: 'es-ES' };
const cents = fc.integer({ min: 1, max: MAX_AMOUNT_CENTS });

/** What each case gives in fr, en, es: cents, or the reason of the refusal (decision 018). */
const table: Array<[string, number | string, number | string, number | string]> = [
  // input          fr           en           es
  ['100,50', 10050, 10050, 10050],
  ['100.50', 10050, 10050, 10050],
  ['1 000', 100000, 100000, 100000],
  ['1 250,50', 125050, 125050, 125050],
  ['1\u202f250,50', 125050, 125050, 125050],
  ['1\u00a0250,50', 125050, 125050, 125050],
  ['1 250.50', 125050, 125050, 125050],
  ['1.000', 100000, 'ambiguous', 100000],
  ['1,000', 'ambiguous', 100000, 'ambiguous'],
  ['1,5', 150, 150, 150],
  ['1.5', 150, 150, 150],
  ['1.234,5', 123450, 123450, 123450],
  ['1,234.5', 123450, 123450, 123450],
  ['1.234.567', 123456700, 123456700, 123456700],
  ['1,234,567', 123456700, 123456700, 123456700],
  ['1.234.567,89', 123456789, 123456789, 123456789],
  ['1,234,567.89', 123456789, 123456789, 123456789],
  ['12.345,67', 1234567, 1234567, 1234567],
  ['0,01', 1, 1, 1],
  ['$1 250,50', 125050, 125050, 125050],
  ['1 250,50 $', 125050, 125050, 125050],
  ['  250  ', 25000, 25000, 25000],
  ['1,2345', 'format', 'format', 'format'],
  ['1.234,567', 'format', 'format', 'format'],
  ['1 234,567', 'format', 'format', 'format'],
  ['1.234 567', 'format', 'format', 'format'],
  ['1,23,456', 'format', 'format', 'format'],
  ['12,34,56', 'format', 'format', 'format'],
  ['1  000', 'format', 'format', 'format'],
  ['1000 00', 'format', 'format', 'format'],
  ['01.000', 'format', 'format', 'format'],
  ['100,', 'format', 'format', 'format'],
  [',50', 'format', 'format', 'format'],
  ['-5', 'format', 'format', 'format'],
  ['+5', 'format', 'format', 'format'],
  ['1e3', 'format', 'format', 'format'],
  ['', 'format', 'format', 'format'],
  ['abc', 'format', 'format', 'format'],
  ['0', 'not_positive', 'not_positive', 'not_positive'],
  ['0,00', 'not_positive', 'not_positive', 'not_positive'],
  ['1 000 000 000,01', 'too_large', 'too_large', 'too_large'],
  ['1 000 000 000,00', MAX_AMOUNT_CENTS, MAX_AMOUNT_CENTS, MAX_AMOUNT_CENTS],
];

const outcome = (text: string, lang: AmountLanguage) => {
  const result = parseLocalizedAmount(text, lang);
  return result.ok ? result.cents : result.reason;
};

describe('parseLocalizedAmount', () => {
  it.each(table)('%j → fr %s, en %s, es %s', (text, fr, en, es) => {
    expect([outcome(text, 'fr'), outcome(text, 'en'), outcome(text, 'es')]).toEqual([fr, en, es]);
  });

  it("reads back every amount as Intl writes it in the person's own language, with and without decimals", () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...langs), fc.boolean(), (amount, lang, wholeOnly) => {
        const value = wholeOnly ? Math.ceil(amount / 100) : amount;
        const written = wholeOnly
          ? new Intl.NumberFormat(intlLocale[lang], { maximumFractionDigits: 0 }).format(value)
          : new Intl.NumberFormat(intlLocale[lang], { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(
              value / 100,
            );
        expect(parseLocalizedAmount(written, lang)).toEqual({ ok: true, cents: wholeOnly ? value * 100 : value });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads two-decimal amounts written in any of the three conventions, in every language', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...langs), fc.constantFrom(...langs), (amount, writer, reader) => {
        const written = new Intl.NumberFormat(intlLocale[writer], {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(amount / 100);
        expect(parseLocalizedAmount(written, reader)).toEqual({ ok: true, cents: amount });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back what formatAmountInput writes, and writes what Intl writes', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...langs), (amount, lang) => {
        const written = formatAmountInput(amount, lang);
        expect(written).toBe(
          new Intl.NumberFormat(intlLocale[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
            amount / 100,
          ),
        );
        expect(parseLocalizedAmount(written, lang)).toEqual({ ok: true, cents: amount });
      }),
      { numRuns: 1000 },
    );
  });

  it('formatMoneyIn writes an amount as Intl writes dollars in each language, negative ones too', () => {
    expect(formatMoneyIn(123456, 'fr')).toBe('1\u202f234,56\u00a0$');
    expect(formatMoneyIn(123456, 'en')).toBe('$1,234.56');
    expect(formatMoneyIn(-123456, 'es')).toBe('-1234,56\u00a0$');
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS }),
        fc.constantFrom(...langs),
        (amount, lang) => {
          expect(formatMoneyIn(amount, lang)).toBe(
            new Intl.NumberFormat(intlLocale[lang], {
              style: 'currency',
              currency: 'USD',
              currencyDisplay: 'narrowSymbol',
            }).format(amount / 100),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses anything with a letter, a sign or a third decimal, whatever the language', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('e', '-', '+', 'x', '%'),
        fc.constantFrom(...langs),
        (noise, bad, lang) => {
          expect(parseLocalizedAmount(`1${bad}${noise}`, lang).ok).toBe(false);
          expect(parseLocalizedAmount(`${noise}1,234${lang === 'en' ? ',' : '.'}5678`, lang).ok).toBe(false);
        },
      ),
    );
  });
});
