import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvDocument, csvValue, parseCsv } from './csv';

describe('data export CSV', () => {
  it('writes amounts from cents with a point (RFC 4180) or a comma (French form)', () => {
    expect(csvValue({ cents: 123456 }, 'rfc4180')).toBe('1234.56');
    expect(csvValue({ cents: -5 }, 'rfc4180')).toBe('-0.05');
    expect(csvValue({ cents: 123456 }, 'fr')).toBe('1234,56');
    expect(csvValue({ cents: -100 }, 'fr')).toBe('-1,00');
  });

  it('quotes separators, quotes and line breaks; makes formulas inert in the spreadsheet form only', () => {
    expect(csvValue('a,b', 'rfc4180')).toBe('"a,b"');
    expect(csvValue('a,b', 'fr')).toBe('a,b');
    expect(csvValue('a;b', 'fr')).toBe('"a;b"');
    expect(csvValue('say "hi"', 'rfc4180')).toBe('"say ""hi"""');
    expect(csvValue('=HYPERLINK("x")', 'fr')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvValue('+33612345678', 'fr')).toBe("'+33612345678");
    // A program reads the exact text, as in data.json.
    expect(csvValue('=HYPERLINK("x")', 'rfc4180')).toBe('"=HYPERLINK(""x"")"');
    expect(csvValue('+33612345678', 'rfc4180')).toBe('+33612345678');
    expect(csvValue(null, 'fr')).toBe('');
    expect(csvValue(true, 'fr')).toBe('true');
  });

  it('writes CRLF lines, a BOM only in the French form, and refuses ragged rows', () => {
    const table = { headers: ['Date', 'Montant'], rows: [['2026-01-01', { cents: 150 }]] };
    expect(csvDocument(table, 'rfc4180')).toBe('Date,Montant\r\n2026-01-01,1.50\r\n');
    expect(csvDocument(table, 'fr')).toBe('\uFEFFDate;Montant\r\n2026-01-01;1,50\r\n');
    expect(() => csvDocument({ headers: ['a'], rows: [['x', 'y']] }, 'fr')).toThrow(RangeError);
  });

  it('reads back any text and amount it wrote, in both forms', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string(), fc.integer({ min: -1e11, max: 1e11 })), { maxLength: 20 }),
        fc.constantFrom('rfc4180' as const, 'fr' as const),
        (rows, form) => {
          const doc = csvDocument({ headers: ['t', 'a'], rows: rows.map(([t, c]) => [t, { cents: c }]) }, form);
          const back = parseCsv(doc, form).slice(1);
          expect(back).toHaveLength(rows.length);
          back.forEach(([t, a], i) => {
            const [text, cents] = rows[i]!;
            expect(t).toBe(form === 'fr' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
            expect(Math.round(Number(a!.replace(',', '.')) * 100)).toBe(cents);
          });
        },
      ),
    );
  });
});
