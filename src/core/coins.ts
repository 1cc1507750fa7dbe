/**
 * Coin amounts and dollar rates (decision 056). Beside money.ts, the one place that parses and
 * formats them: coin amounts are bigint counts of the coin's smallest unit (satoshi, lamport, …),
 * rates are bigint micro-dollars per whole coin, dollars stay integer cents. No floating point.
 */
import type { Cents } from './money';

/** The coins money arrives or leaves in. USDT travels on TRON (TRC20); BNB only leaves (withdrawals). */
export type Coin = 'BTC' | 'LTC' | 'USDT_TRC20' | 'SOL' | 'BNB';

/** What a price feed quotes in dollars: the asset, whatever network carries it. */
export type Asset = 'BTC' | 'LTC' | 'USDT' | 'SOL' | 'BNB';

export interface CoinInfo {
  /** Digits after the point of a whole coin: 1 BTC = 10^8 satoshi. */
  decimals: number;
  asset: Asset;
  deposit: boolean;
  withdrawal: boolean;
}

export const coins: Readonly<Record<Coin, CoinInfo>> = {
  BTC: { decimals: 8, asset: 'BTC', deposit: true, withdrawal: true },
  LTC: { decimals: 8, asset: 'LTC', deposit: true, withdrawal: true },
  USDT_TRC20: { decimals: 6, asset: 'USDT', deposit: true, withdrawal: true },
  SOL: { decimals: 9, asset: 'SOL', deposit: true, withdrawal: true },
  BNB: { decimals: 18, asset: 'BNB', deposit: false, withdrawal: true },
};

/** The assets with a price feed (decision 056); BNB's comes with the payouts. */
export const pricedAssets = ['BTC', 'LTC', 'SOL', 'USDT'] as const satisfies readonly Asset[];
export type PricedAsset = (typeof pricedAssets)[number];

export function isCoin(value: unknown): value is Coin {
  return typeof value === 'string' && Object.hasOwn(coins, value);
}

/** Micro-dollars (10^-6 USD) per whole coin. */
export type RateMicros = bigint;

const MICROS_PER_CENT = 10_000n;

/**
 * The highest rate believed: $1,000,000,000 per coin. Above is a garbled answer; below it, a rate
 * stays under 2^53 micro-dollars and so survives either database's bigint column exactly.
 */
export const MAX_RATE_MICROS: RateMicros = 1_000_000_000n * 1_000_000n;

/**
 * A provider's decimal price ("65432.10", "0.999871", "1.00004999") → micro-dollars. Digits beyond
 * the sixth decimal round half up, once. Null for anything but a plain positive decimal: signs,
 * exponents, spaces, commas, a number instead of a string, zero (or below half a micro-dollar), and
 * rates above MAX_RATE_MICROS.
 */
export function parseRate(text: unknown): RateMicros | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,13})(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  let micros = BigInt(match[1]!) * 1_000_000n + BigInt(fraction.slice(0, 6).padEnd(6, '0'));
  if (fraction.length > 6 && fraction.charCodeAt(6) >= 53 /* '5' */) micros += 1n;
  if (micros <= 0n || micros > MAX_RATE_MICROS) return null;
  return micros;
}

/** 65432100000n → "65432.10": at least two decimals (as dollars are written), at most six. */
export function formatRate(micros: RateMicros): string {
  assertRate(micros);
  const whole = micros / 1_000_000n;
  const fraction = String(micros % 1_000_000n)
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${whole}.${fraction}`;
}

/** The rate's value in cents, half up (what a screen that shows dollars to the cent displays). */
export function rateToCents(micros: RateMicros): Cents {
  assertRate(micros);
  return Number((micros + MICROS_PER_CENT / 2n) / MICROS_PER_CENT);
}

/**
 * A coin amount as a person or a chain writes it ("0.015", "12") → smallest units. Refuses more
 * decimals than the coin has (no such amount exists: nothing is rounded), signs, exponents,
 * spaces, commas, zero, and more than 15 whole digits.
 */
export function parseCoinAmount(coin: Coin, text: unknown): bigint | null {
  if (typeof text !== 'string') return null;
  const { decimals } = coins[coin];
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  const units = BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return units > 0n ? units : null;
}

/** 1500000n BTC → "0.015": every significant digit, no trailing zeros, no exponent. */
export function formatCoinAmount(coin: Coin, units: bigint): string {
  assertUnits(units);
  const scale = 10n ** BigInt(coins[coin].decimals);
  const fraction = String(units % scale)
    .padStart(coins[coin].decimals, '0')
    .replace(/0+$/, '');
  return fraction ? `${units / scale}.${fraction}` : String(units / scale);
}

/**
 * The dollars a coin amount is worth at a rate, ROUNDED DOWN to the cent (decision 056): what a
 * deposit credits. The credit never exceeds the value received; it falls short by less than a cent.
 */
export function coinToCents(coin: Coin, units: bigint, rate: RateMicros | string): Cents {
  assertUnits(units);
  const micros = rateOf(rate);
  const cents = (units * micros) / unitsPerCent(coin);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large to hold in cents');
  return Number(cents);
}

/**
 * The coin amount a number of cents buys at a rate, ROUNDED DOWN to the smallest unit (decision
 * 056): what a payout sends. It is never worth more than the cents debited; it falls short by less
 * than one smallest unit.
 */
export function centsToCoin(coin: Coin, cents: Cents, rate: RateMicros | string): bigint {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a non-negative amount of cents: ${cents}`);
  const micros = rateOf(rate);
  return (BigInt(cents) * unitsPerCent(coin)) / micros;
}

/**
 * One cent's worth of the coin at a rate, rounded up (at least one smallest unit): how far a coin
 * amount seen on chain may differ from `centsToCoin`'s and still be the same payout (decision 056).
 */
export function oneCentOfCoin(coin: Coin, rate: RateMicros | string): bigint {
  const micros = rateOf(rate);
  const scale = unitsPerCent(coin);
  return (scale + micros - 1n) / micros;
}

/** units × rate ÷ this = cents: 10^decimals per coin, 10^4 micro-dollars per cent. */
function unitsPerCent(coin: Coin): bigint {
  const info = coins[coin];
  if (!info) throw new RangeError(`unknown coin: ${String(coin)}`);
  return 10n ** BigInt(info.decimals) * MICROS_PER_CENT;
}

function rateOf(rate: RateMicros | string): RateMicros {
  if (typeof rate === 'string') {
    const parsed = parseRate(rate);
    if (parsed === null) throw new RangeError(`not a rate: ${rate}`);
    return parsed;
  }
  assertRate(rate);
  return rate;
}

function assertRate(micros: RateMicros): void {
  if (typeof micros !== 'bigint' || micros <= 0n || micros > MAX_RATE_MICROS)
    throw new RangeError(`not a rate in micro-dollars: ${String(micros)}`);
}

function assertUnits(units: bigint): void {
  if (typeof units !== 'bigint' || units < 0n)
    throw new RangeError(`not a coin amount in smallest units: ${String(units)}`);
}
