import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  investmentValue,
  lastMonths,
  monthEnd,
  monthKey,
  monthStart,
  monthsBetween,
  roiPercent,
  summarizePortfolio,
  type ValuedInvestment,
} from './valuation';

const crypto = (amountCents: number, at: number | null, stored = amountCents): ValuedInvestment => ({
  area: 'crypto',
  amountCents,
  storedValueCents: stored,
  btcPriceAtInvestmentCents: at,
});
const other = (
  area: 'stocks' | 'trading' | 'real_estate',
  amountCents: number,
  stored = amountCents,
): ValuedInvestment => ({
  area,
  amountCents,
  storedValueCents: stored,
  btcPriceAtInvestmentCents: null,
});

describe('investmentValue', () => {
  it('values crypto at amount × current price ÷ price at investment', () => {
    expect(investmentValue(crypto(100_000, 5_000_000), 6_000_000)).toBe(120_000);
    expect(investmentValue(crypto(100_000, 6_000_000), 4_500_000)).toBe(75_000);
  });

  it('rounds to the nearest cent, half away from zero', () => {
    // $1.00 × 2 / 3 = 66.67 cents
    expect(investmentValue(crypto(100, 3), 2)).toBe(67);
    expect(investmentValue(crypto(1, 2), 1)).toBe(1); // 0.5 → 1
    expect(investmentValue(crypto(12_345, 6_543_210), 9_712_346)).toBe(18_324);
  });

  it('stays exact for a billion dollars at large prices', () => {
    expect(investmentValue(crypto(100_000_000_000, 9_999_999_999), 9_999_999_999)).toBe(100_000_000_000);
    expect(investmentValue(crypto(100_000_000_000, 5_000_000), 10_000_000)).toBe(200_000_000_000);
  });

  it('keeps the stored value when a garbled price would push the value beyond exact integers', () => {
    expect(investmentValue(crypto(100_000_000_000, 1, 100_000_000_000), 1_000_000_000_000)).toBe(100_000_000_000);
  });

  it('falls back to the stored value when there is no current price or no price at investment', () => {
    expect(investmentValue(crypto(100_000, 5_000_000, 99_000), null)).toBe(99_000);
    expect(investmentValue(crypto(100_000, null, 100_000), 6_000_000)).toBe(100_000);
    expect(investmentValue(crypto(100_000, 0, 100_000), 6_000_000)).toBe(100_000);
  });

  it('values every other area at its stored value whatever the BTC price', () => {
    expect(investmentValue(other('stocks', 50_000, 52_000), 9_000_000)).toBe(52_000);
    expect(investmentValue(other('trading', 50_000), 9_000_000)).toBe(50_000);
    expect(investmentValue(other('real_estate', 50_000, 48_000), null)).toBe(48_000);
  });
});

describe('roiPercent', () => {
  it.each([
    [0, 0, '0.00'],
    [500, 0, '0.00'],
    [0, 100_000, '0.00'],
    [20_000, 100_000, '20.00'],
    [-25_000, 100_000, '-25.00'],
    [1, 3, '33.33'],
    [2, 3, '66.67'],
    [-1, 3, '-33.33'],
    [-2, 3, '-66.67'],
    [1, 200_000, '0.00'], // 0.0005 % rounds to 0.00, never "-0.00"
    [-1, 200_000, '0.00'],
    [1, 20_000, '0.01'], // 0.005 % rounds half away from zero
    [-1, 20_000, '-0.01'],
    [300_000, 100_000, '300.00'],
    [-100_000, 100_000, '-100.00'],
  ])('gain %i on %i invested is %s %%', (gain, invested, roi) => {
    expect(roiPercent(gain, invested)).toBe(roi);
  });

  it('always has exactly two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), fc.integer({ min: 1, max: 1e11 }), (gain, invested) => {
        const roi = roiPercent(gain, invested);
        expect(roi).toMatch(/^-?\d+\.\d{2}$/);
        expect(roi).not.toBe('-0.00');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('summarizePortfolio', () => {
  it('totals value, invested, gain and ROI across areas, with crypto following BTC', () => {
    const summary = summarizePortfolio(
      [
        crypto(100_000, 5_000_000),
        other('stocks', 50_000),
        other('trading', 30_000),
        other('real_estate', 20_000, 20_000),
      ],
      5_500_000,
    );
    expect(summary.valueByArea).toEqual({ crypto: 110_000, stocks: 50_000, trading: 30_000, real_estate: 20_000 });
    expect(summary.investedByArea).toEqual({ crypto: 100_000, stocks: 50_000, trading: 30_000, real_estate: 20_000 });
    expect(summary.totalValueCents).toBe(210_000);
    expect(summary.investedCents).toBe(200_000);
    expect(summary.gainCents).toBe(10_000);
    expect(summary.roi).toBe('5.00');
  });

  it('reports a loss', () => {
    const summary = summarizePortfolio([crypto(100_000, 6_000_000), crypto(50_000, 3_000_000)], 3_000_000);
    expect(summary.totalValueCents).toBe(100_000);
    expect(summary.gainCents).toBe(-50_000);
    expect(summary.roi).toBe('-33.33');
  });

  it('is all zeros with no investments', () => {
    const summary = summarizePortfolio([], 6_000_000);
    expect(summary).toMatchObject({ totalValueCents: 0, investedCents: 0, gainCents: 0, roi: '0.00' });
    expect(summary.valueByArea).toEqual({ crypto: 0, trading: 0, stocks: 0, real_estate: 0 });
  });

  it('without a price, crypto keeps its stored value and the totals still add up', () => {
    const summary = summarizePortfolio([crypto(100_000, 5_000_000, 100_000), other('stocks', 10_000)], null);
    expect(summary.totalValueCents).toBe(110_000);
    expect(summary.gainCents).toBe(0);
  });

  it('the total is always the sum of the areas and gain = value − invested', () => {
    const inv = fc.oneof(
      fc.record({
        area: fc.constant('crypto' as const),
        amountCents: fc.integer({ min: 1, max: 1e9 }),
        storedValueCents: fc.integer({ min: 0, max: 1e9 }),
        btcPriceAtInvestmentCents: fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: null }),
      }),
      fc.record({
        area: fc.constantFrom('stocks' as const, 'trading' as const, 'real_estate' as const),
        amountCents: fc.integer({ min: 1, max: 1e9 }),
        storedValueCents: fc.integer({ min: 0, max: 1e9 }),
        btcPriceAtInvestmentCents: fc.constant(null),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(inv, { maxLength: 20 }),
        fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: null }),
        (list, price) => {
          const s = summarizePortfolio(list, price);
          expect(s.totalValueCents).toBe(Object.values(s.valueByArea).reduce((a, b) => a + b, 0));
          expect(s.investedCents).toBe(list.reduce((a, i) => a + i.amountCents, 0));
          expect(s.gainCents).toBe(s.totalValueCents - s.investedCents);
          for (const v of Object.values(s.valueByArea)) expect(Number.isSafeInteger(v)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('months in UTC', () => {
  it('keys an instant by its UTC month, whatever the local time zone would say', () => {
    expect(monthKey('2025-12-31T23:59:59.999Z')).toBe('2025-12');
    expect(monthKey('2026-01-01T00:00:00.000Z')).toBe('2026-01');
    // 23:30 on 31 December in Haiti (UTC−5) is already January in UTC.
    expect(monthKey('2025-12-31T23:30:00-05:00')).toBe('2026-01');
    // 00:30 on 1 March in Paris (UTC+1) is still February in UTC.
    expect(monthKey('2026-03-01T00:30:00+01:00')).toBe('2026-02');
    expect(monthKey(new Date(Date.UTC(2024, 1, 29, 12)))).toBe('2024-02');
    expect(() => monthKey('not a date')).toThrow(RangeError);
  });

  it('gives month bounds as [start, end)', () => {
    expect(monthStart('2025-12').toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(monthEnd('2025-12').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(monthEnd('2024-02').toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(() => monthStart('2025-13')).toThrow(RangeError);
    expect(() => monthStart('2025-1')).toThrow(RangeError);
  });

  it('adds months across year ends both ways', () => {
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-11', 14)).toBe('2027-01');
    expect(addMonths('2026-03', -27)).toBe('2023-12');
    expect(addMonths('2026-05', 0)).toBe('2026-05');
  });

  it('lists the last 12 months, oldest first, across a year end', () => {
    expect(lastMonths(new Date('2026-02-15T10:00:00Z'), 12)).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(lastMonths(new Date('2026-01-01T00:00:00Z'), 3)).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it('lists the months to catch up, strictly after the last one written', () => {
    expect(monthsBetween('2025-10', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-02')).toEqual([]);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
  });

  it('every instant lies inside the bounds of its own month', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (d) => {
          const key = monthKey(d);
          expect(monthStart(key).getTime()).toBeLessThanOrEqual(d.getTime());
          expect(d.getTime()).toBeLessThan(monthEnd(key).getTime());
          expect(addMonths(key, 1)).toBe(monthKey(monthEnd(key)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
