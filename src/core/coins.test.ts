import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToCoin,
  coins,
  coinToCents,
  formatCoinAmount,
  formatRate,
  isCoin,
  MAX_RATE_MICROS,
  oneCentOfCoin,
  parseCoinAmount,
  parseRate,
  rateToCents,
  type Coin,
} from './coins';

const allCoins = Object.keys(coins) as Coin[];
const coin = fc.constantFrom(...allCoins);
const rate = fc.bigInt({ min: 1n, max: MAX_RATE_MICROS });
/** Rates of the real world: a stablecoin's to a bitcoin's, with every micro-dollar digit. */
const usualRate = fc.bigInt({ min: 900_000n, max: 500_000n * 1_000_000n });
const units = fc.bigInt({ min: 0n, max: 10n ** 24n });
const cents = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const scaleOf = (c: Coin) => 10n ** BigInt(coins[c].decimals) * 10_000n;
/** Keeps a coin amount's dollars within what cents can hold. */
const fits = (c: Coin, u: bigint, r: bigint) => (u * r) / scaleOf(c) <= BigInt(Number.MAX_SAFE_INTEGER);

describe('the coin registry', () => {
  it('has the decimals of each chain, BNB for withdrawals only', () => {
    expect(Object.fromEntries(allCoins.map((c) => [c, coins[c].decimals]))).toEqual({
      BTC: 8,
      LTC: 8,
      USDT_TRC20: 6,
      SOL: 9,
      BNB: 18,
    });
    expect(allCoins.filter((c) => coins[c].deposit)).toEqual(['BTC', 'LTC', 'USDT_TRC20', 'SOL']);
    expect(allCoins.filter((c) => coins[c].withdrawal)).toEqual(allCoins);
    expect(coins.USDT_TRC20.asset).toBe('USDT');
    expect([isCoin('SOL'), isCoin('USDT'), isCoin('toString'), isCoin(undefined)]).toEqual([true, false, false, false]);
  });
});

describe('rates', () => {
  it.each([
    ['65432.10', 65_432_100_000n],
    ['65432.1', 65_432_100_000n],
    ['0.999871', 999_871n],
    ['1.00004949', 1_000_049n],
    ['1.0000045', 1_000_005n],
    ['1.0000044999999', 1_000_004n],
    ['0.0000005', 1n],
    ['1000000000', MAX_RATE_MICROS],
    ['1000000000.0000004', MAX_RATE_MICROS],
  ])('parses %s into %s micro-dollars', (text, micros) => {
    expect(parseRate(text)).toBe(micros);
  });

  it.each([
    '0',
    '0.00',
    '0.0000004',
    '-1.00',
    '+1.00',
    '1e3',
    '6.5e4',
    ' 1.00',
    '1.00 ',
    '1,00',
    '1.',
    '.5',
    '',
    '0x10',
    '١٢٣',
    'NaN',
    'Infinity',
    '1000000000.0000005',
    '99999999999999.00',
    '1.0000000000000000001',
  ])('refuses %j', (text) => {
    expect(parseRate(text)).toBeNull();
  });

  it('refuses what is not a string, a JSON number above all', () => {
    for (const v of [65000, 65000n, null, undefined, {}, ['1.00'], true]) expect(parseRate(v)).toBeNull();
  });

  it('formats with two to six decimals, and parses back to the same rate', () => {
    expect(formatRate(65_432_100_000n)).toBe('65432.10');
    expect(formatRate(999_871n)).toBe('0.999871');
    expect(formatRate(1_000_000n)).toBe('1.00');
    expect(formatRate(1_234_500n)).toBe('1.2345');
    fc.assert(fc.property(rate, (r) => parseRate(formatRate(r)) === r));
  });

  it('gives the rate in cents half up', () => {
    expect(rateToCents(65_432_105_000n)).toBe(6_543_211);
    expect(rateToCents(65_432_104_999n)).toBe(6_543_210);
    expect(rateToCents(999_871n)).toBe(100);
  });

  it('refuses a rate that is not a positive bigint within the bound', () => {
    for (const bad of [0n, -1n, MAX_RATE_MICROS + 1n, 65000 as unknown as bigint, '65000' as unknown as bigint])
      expect(() => formatRate(bad)).toThrow(RangeError);
  });
});

describe('coin amounts', () => {
  it.each([
    ['BTC', '0.015', 1_500_000n],
    ['BTC', '1', 100_000_000n],
    ['BTC', '0.00000001', 1n],
    ['USDT_TRC20', '250.5', 250_500_000n],
    ['SOL', '0.000000001', 1n],
    ['BNB', '0.000000000000000001', 1n],
    ['BNB', '999999999999999.999999999999999999', 10n ** 33n - 1n],
  ] as const)('%s %s is %s smallest units', (c, text, u) => {
    expect(parseCoinAmount(c, text)).toBe(u);
    expect(formatCoinAmount(c, u)).toBe(text);
  });

  it.each([
    ['BTC', '0.000000001'],
    ['USDT_TRC20', '1.0000001'],
    ['BTC', '0'],
    ['BTC', '0.00000000'],
    ['BTC', '-1'],
    ['BTC', '1e-8'],
    ['BTC', '1,5'],
    ['BTC', ' 1'],
    ['BTC', '1.'],
    ['BTC', '.1'],
    ['BTC', '1000000000000000'],
  ] as const)('%s refuses %j', (c, text) => {
    expect(parseCoinAmount(c, text)).toBeNull();
  });

  it('formats every amount so that it parses back exactly', () => {
    fc.assert(
      fc.property(coin, fc.bigInt({ min: 1n, max: 10n ** 15n * 10n ** 18n - 1n }), (c, u) => {
        const max = 10n ** 15n * 10n ** BigInt(coins[c].decimals);
        const amount = u % max || 1n;
        return parseCoinAmount(c, formatCoinAmount(c, amount)) === amount;
      }),
    );
  });
});

describe('coinToCents: a deposit’s dollars, rounded down to the cent', () => {
  it('worked examples', () => {
    // 0.015 BTC at $65,432.10 = $981.4815 → $981.48
    expect(coinToCents('BTC', 1_500_000n, '65432.10')).toBe(98_148);
    // 1 satoshi at $65,432.10 = $0.000654 → nothing
    expect(coinToCents('BTC', 1n, 65_432_100_000n)).toBe(0);
    // 100 USDT at $0.999871 = $99.9871 → $99.98
    expect(coinToCents('USDT_TRC20', 100_000_000n, '0.999871')).toBe(9_998);
    // 2.5 SOL at $142.379999 = $355.9499975 → $355.94
    expect(coinToCents('SOL', 2_500_000_000n, '142.379999')).toBe(35_594);
    // 0.333333333333333333 BNB at $600.00 = $199.9999999… → $199.99
    expect(coinToCents('BNB', 333_333_333_333_333_333n, '600')).toBe(19_999);
  });

  it('is the exact value less under one cent, never more', () => {
    fc.assert(
      fc.property(coin, units, rate, (c, u, r) => {
        fc.pre(fits(c, u, r));
        const got = BigInt(coinToCents(c, u, r));
        const value = u * r; // exact value × scale
        return got * scaleOf(c) <= value && value < (got + 1n) * scaleOf(c);
      }),
    );
  });

  it('grows with the amount and with the rate', () => {
    fc.assert(
      fc.property(coin, units, units, usualRate, usualRate, (c, a, b, r1, r2) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const [rlo, rhi] = r1 <= r2 ? [r1, r2] : [r2, r1];
        fc.pre(fits(c, hi, rhi));
        return coinToCents(c, lo, rlo) <= coinToCents(c, hi, rlo) && coinToCents(c, hi, rlo) <= coinToCents(c, hi, rhi);
      }),
    );
  });

  it('takes the rate as the provider’s text or as micro-dollars alike', () => {
    fc.assert(
      fc.property(coin, units, rate, (c, u, r) => {
        fc.pre(fits(c, u, r));
        return coinToCents(c, u, formatRate(r)) === coinToCents(c, u, r);
      }),
    );
  });

  it('stays exact for amounts far beyond what a float holds', () => {
    // 9,007,199.25474099 BTC (more than 2^53 satoshi) at $1,000.000001
    const u = 900_719_925_474_099n;
    expect(coinToCents('BTC', u, 1_000_000_001n)).toBe(900_719_926_374); // $9,007,199,263.748…
    expect(Number.isSafeInteger(coinToCents('BNB', 10n ** 30n, '0.000001'))).toBe(true);
  });

  it('refuses dollars that cents cannot hold, rather than rounding them', () => {
    expect(() => coinToCents('BTC', 10n ** 20n, MAX_RATE_MICROS)).toThrow(RangeError);
  });

  it('refuses bad amounts and rates', () => {
    const bad: Array<[unknown, unknown]> = [
      [-1n, '1.00'],
      [1, '1.00'],
      [1.5, '1.00'],
      ['100', '1.00'],
      [1n, '0'],
      [1n, '-1'],
      [1n, '1e3'],
      [1n, 0n],
      [1n, -5n],
      [1n, 1000],
      [1n, MAX_RATE_MICROS + 1n],
      [1n, null],
    ];
    for (const [u, r] of bad)
      expect(() => coinToCents('BTC', u as bigint, r as bigint), `${String(u)} ${String(r)}`).toThrow(RangeError);
    expect(() => coinToCents('DOGE' as Coin, 1n, '1.00')).toThrow(RangeError);
  });
});

describe('centsToCoin: a payout’s coin, rounded down to the smallest unit', () => {
  it('worked examples', () => {
    // $100.00 at $65,000 = 0.00153846153… BTC → 153,846 sat
    expect(centsToCoin('BTC', 10_000, '65000')).toBe(153_846n);
    // $100.00 at $0.999871 USDT = 100.012901… → 100.012901
    expect(centsToCoin('USDT_TRC20', 10_000, '0.999871')).toBe(100_012_901n);
    expect(centsToCoin('BNB', 1, '600')).toBe(16_666_666_666_666n);
    expect(centsToCoin('BTC', 0, '65000')).toBe(0n);
  });

  it('is never worth more than the cents, and short by under one smallest unit', () => {
    fc.assert(
      fc.property(coin, cents, rate, (c, d, r) => {
        const got = centsToCoin(c, d, r);
        const owed = BigInt(d) * scaleOf(c); // exact coin × rate
        return got * r <= owed && owed < (got + 1n) * r;
      }),
    );
  });

  it('grows with the cents and shrinks as the rate rises', () => {
    fc.assert(
      fc.property(coin, cents, cents, usualRate, usualRate, (c, a, b, r1, r2) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const [rlo, rhi] = r1 <= r2 ? [r1, r2] : [r2, r1];
        return centsToCoin(c, lo, rhi) <= centsToCoin(c, hi, rhi) && centsToCoin(c, hi, rhi) <= centsToCoin(c, hi, rlo);
      }),
    );
  });

  it('refuses bad cents and rates', () => {
    for (const d of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => centsToCoin('BTC', d, '1.00'), String(d)).toThrow(RangeError);
    for (const r of ['0', 'abc', '1e2', 0n, -1n]) expect(() => centsToCoin('BTC', 100, r)).toThrow(RangeError);
  });
});

describe('round trips at one rate', () => {
  it('a deposit credited then paid out in full never sends back more coin than came in', () => {
    fc.assert(
      fc.property(coin, units, rate, (c, u, r) => {
        fc.pre(fits(c, u, r));
        return centsToCoin(c, coinToCents(c, u, r), r) <= u;
      }),
    );
  });

  it('a payout’s coin is worth the cents less at most one smallest unit’s worth', () => {
    fc.assert(
      fc.property(coin, fc.integer({ min: 0, max: 100_000_000_000 }), usualRate, (c, d, r) => {
        const back = coinToCents(c, centsToCoin(c, d, r), r);
        const unitCents = (r + scaleOf(c) - 1n) / scaleOf(c); // one smallest unit, in cents, rounded up
        return back <= d && BigInt(d - back) <= unitCents;
      }),
    );
  });

  it('a payout seen on chain within one cent of coin of the expected amount stands for the same cents', () => {
    fc.assert(
      fc.property(coin, fc.integer({ min: 1, max: 100_000_000_000 }), usualRate, (c, d, r) => {
        const tolerance = oneCentOfCoin(c, r);
        const expected = centsToCoin(c, d, r);
        const unitCents = Number((r + scaleOf(c) - 1n) / scaleOf(c));
        // Any amount within the tolerance is worth about a cent of what was debited (plus a unit's worth) …
        const low = coinToCents(c, expected > tolerance ? expected - tolerance : 0n, r);
        const high = coinToCents(c, expected + tolerance, r);
        // … and the next cent's payout is within the tolerance of this one.
        return (
          d - low <= 2 + 2 * unitCents && high - d <= 1 + unitCents && centsToCoin(c, d + 1, r) - expected <= tolerance
        );
      }),
    );
    expect(oneCentOfCoin('BTC', '65000')).toBe(16n);
    expect(oneCentOfCoin('USDT_TRC20', '1.00')).toBe(10_000n);
    expect(oneCentOfCoin('BTC', MAX_RATE_MICROS)).toBe(1n);
  });
});
