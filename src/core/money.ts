/**
 * Money is integer cents everywhere. Amounts cross the API as decimal strings ("1250.00").
 * This module is the only place that parses or formats money.
 */
import { DomainError } from './errors';

export type Cents = number;

/** Largest single amount accepted from a person: $1,000,000,000.00. Keeps every sum far below 2^53. */
export const MAX_AMOUNT_CENTS: Cents = 100_000_000_000;

const DECIMAL = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

export type ParseResult = { ok: true; cents: Cents } | { ok: false; reason: 'format' | 'not_positive' | 'too_large' };

/**
 * Parses a user-entered dollar amount: digits with at most two decimals, a dot as separator.
 * Refuses exponents ("1e3"), signs, spaces inside, thousands separators and a third decimal.
 */
export function parseAmount(input: string): ParseResult {
  const text = input.trim();
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  if (whole > MAX_AMOUNT_CENTS / 100) return { ok: false, reason: 'too_large' };
  const cents = whole * 100 + fraction;
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, reason: 'too_large' };
  if (cents <= 0) return { ok: false, reason: 'not_positive' };
  return { ok: true, cents };
}

/** Parses a positive amount or throws the spec's `invalid_amount` (Veuillez entrer un montant valide). */
export function requireAmount(input: string): Cents {
  const result = parseAmount(input);
  if (!result.ok) throw new DomainError('invalid_amount');
  return result.cents;
}

/** Parses a positive amount, or returns null for anything that is not one. */
export function parsePositiveAmount(input: string): Cents | null {
  const result = parseAmount(input);
  return result.ok ? result.cents : null;
}

function assertCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an integer amount of cents: ${cents}`);
}

/** 123456 → "1234.56" (the API's wire format; negative amounts keep their sign). */
export function toDecimalString(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1234.56" → 123456, for strings this module produced (the API's responses). Throws on anything else. */
export function fromDecimalString(text: string): Cents {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${text}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  assertCents(cents);
  return match[1] === '-' ? -cents : cents;
}

/** 123456 → "$1,234.56": dollar prefix, comma thousands in groups of three, two decimals (spec §9). */
export function formatMoney(cents: Cents): string {
  const [whole, fraction] = toDecimalString(Math.abs(cents)).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/** Rounds half away from zero: amount × numerator ÷ denominator, all integers, no floating point. */
export function mulDiv(cents: Cents, numerator: bigint | number, denominator: bigint | number): Cents {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new RangeError('division by zero');
  const product = BigInt(cents) * n;
  const negative = product < 0n !== d < 0n;
  const absProduct = product < 0n ? -product : product;
  const absD = d < 0n ? -d : d;
  const rounded = (absProduct * 2n + absD) / (absD * 2n);
  const result = Number(negative ? -rounded : rounded);
  assertCents(result);
  return result;
}

/** Applies a rate given in basis points (1 bp = 0.01 %): 10000 → ×1. */
export function applyBasisPoints(cents: Cents, basisPoints: number): Cents {
  return mulDiv(cents, basisPoints, 10_000);
}
