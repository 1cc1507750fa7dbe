import { areas, type Area } from './areas';
import { mulDiv, type Cents } from './money';

/**
 * Portfolio valuation (spec §4, §2 Portfolio). Pure and integer-only: crypto follows the BTC
 * price since the investment; every other area is worth its stored (book) value; without a price
 * (current or at investment) crypto is worth its stored value too.
 */

/** Headroom so that sums of many values stay exact. */
const MAX_VALUE_CENTS = 2 ** 50;

export interface ValuedInvestment {
  area: Area;
  amountCents: Cents;
  /** The stored current_value (book value; what a stop credits for non-crypto areas). */
  storedValueCents: Cents;
  /** BTC price in cents when the investment was made (crypto only, when a price was available). */
  btcPriceAtInvestmentCents: Cents | null;
}

export function investmentValue(inv: ValuedInvestment, btcPriceCents: Cents | null): Cents {
  if (
    inv.area === 'crypto' &&
    btcPriceCents !== null &&
    btcPriceCents > 0 &&
    inv.btcPriceAtInvestmentCents !== null &&
    inv.btcPriceAtInvestmentCents > 0
  ) {
    const value = (BigInt(inv.amountCents) * BigInt(btcPriceCents)) / BigInt(inv.btcPriceAtInvestmentCents);
    // A value beyond 2^53 cents can only come from a garbled stored price: keep the book value.
    if (value <= BigInt(MAX_VALUE_CENTS)) return mulDiv(inv.amountCents, btcPriceCents, inv.btcPriceAtInvestmentCents);
  }
  return inv.storedValueCents;
}

/** ROI as a percentage string with exactly 2 decimals ("12.50", "-3.33"), rounded half away from zero; "0.00" when nothing is invested. */
export function roiPercent(gainCents: Cents, investedCents: Cents): string {
  if (investedCents <= 0) return '0.00';
  const num = BigInt(gainCents) * 10_000n;
  const den = BigInt(investedCents);
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const hundredths = (abs * 2n + den) / (den * 2n);
  const whole = hundredths / 100n;
  const fraction = String(hundredths % 100n).padStart(2, '0');
  return `${negative && hundredths !== 0n ? '-' : ''}${whole}.${fraction}`;
}

export interface PortfolioSummary {
  totalValueCents: Cents;
  investedCents: Cents;
  gainCents: Cents;
  /** Percentage with 2 decimals. */
  roi: string;
  valueByArea: Record<Area, Cents>;
  investedByArea: Record<Area, Cents>;
}

const zeroByArea = (): Record<Area, Cents> => Object.fromEntries(areas.map((a) => [a, 0])) as Record<Area, Cents>;

/** Totals over active investments. */
export function summarizePortfolio(
  investments: readonly ValuedInvestment[],
  btcPriceCents: Cents | null,
): PortfolioSummary {
  const valueByArea = zeroByArea();
  const investedByArea = zeroByArea();
  for (const inv of investments) {
    valueByArea[inv.area] += investmentValue(inv, btcPriceCents);
    investedByArea[inv.area] += inv.amountCents;
  }
  const totalValueCents = areas.reduce((sum, a) => sum + valueByArea[a], 0);
  const investedCents = areas.reduce((sum, a) => sum + investedByArea[a], 0);
  const gainCents = totalValueCents - investedCents;
  return {
    totalValueCents,
    investedCents,
    gainCents,
    roi: roiPercent(gainCents, investedCents),
    valueByArea,
    investedByArea,
  };
}

// ---------- months (UTC) ----------

/** "YYYY-MM" of an instant, in UTC (dates are stored in UTC; a month is a UTC month everywhere). */
export function monthKey(at: Date | string): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) throw new RangeError('invalid date');
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

function parseMonth(key: string): { year: number; month: number } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  if (!match) throw new RangeError(`not a month: ${key}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

/** The first instant of the month (UTC). */
export function monthStart(key: string): Date {
  const { year, month } = parseMonth(key);
  return new Date(Date.UTC(year, month - 1, 1));
}

/** The first instant of the following month (UTC): a month is [monthStart, monthEnd). */
export function monthEnd(key: string): Date {
  const { year, month } = parseMonth(key);
  return new Date(Date.UTC(year, month, 1));
}

export function addMonths(key: string, delta: number): string {
  const { year, month } = parseMonth(key);
  const index = year * 12 + (month - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last `count` months ending with the month of `now`, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const current = monthKey(now);
  return Array.from({ length: count }, (_, i) => addMonths(current, i - count + 1));
}

/** Months strictly after `from` up to and including `to` (for catching up missed monthly snapshots). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = addMonths(from, 1); m <= to; m = addMonths(m, 1)) out.push(m);
  return out;
}
