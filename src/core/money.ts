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

/** The languages a person may type an amount in (the app's languages). */
export type AmountLanguage = 'fr' | 'en' | 'es';

/** The decimal sign each language writes; the other of "." and "," is a thousands separator there. */
const decimalSign: Record<AmountLanguage, '.' | ','> = { fr: ',', en: '.', es: ',' };

export type LocalizedParseResult = ParseResult | { ok: false; reason: 'ambiguous' };

// Every space a person or a copy-paste may leave between groups of digits: space, no-break
// space (U+00A0), narrow no-break space (U+202F, what Intl writes in French), thin space (U+2009).
const SPACES = /[ \u00a0\u202f\u2009]/g;

/**
 * Parses an amount as a person of `lang` writes it, to cents (decision 018 has the whole table).
 *
 * - Spaces of every kind group thousands in every language: "1 250,50" (fr), "1 250.50".
 * - FR, ES: "," is the decimal sign and "." groups thousands: "1.250,50". EN: the reverse.
 * - The other convention is accepted where it cannot be misread: a separator followed by one or
 *   two digits is decimal ("1,5" in EN, "1.5" in FR); with both signs the last one is decimal
 *   ("1,234.50" in FR); a sign that repeats groups ("1,234,567" in FR).
 * - The one misreadable form is refused as `ambiguous`: the language's own decimal sign
 *   followed by exactly three digits ("1,000" in FR or ES, "1.000" in EN) could mean one or
 *   a thousand. ("1.000" in FR and "1,000" in EN are a thousand.)
 * - Groups are 1–3 digits then exactly 3; one kind of group separator; at most two decimals;
 *   an optional "$" before or after. Signs, exponents and anything else are `format`.
 */
export function parseLocalizedAmount(input: string, lang: AmountLanguage): LocalizedParseResult {
  const text = input
    .trim()
    .replace(/^\$\s*|\s*\$$/g, '')
    .replace(SPACES, ' ');
  if (!/^\d[\d., ]*$/.test(text) || /\D$/.test(text)) return { ok: false, reason: 'format' };
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  let decimal: '.' | ',' | null = null;
  if (dots > 0 && commas > 0) decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
  else if (dots + commas === 1) {
    const sign = dots ? '.' : ',';
    const after = text.length - text.indexOf(sign) - 1;
    if (after !== 3) decimal = sign;
    else if (sign === decimalSign[lang] && groupsOk(text, null)) return { ok: false, reason: 'ambiguous' };
  }
  const at = decimal ? text.lastIndexOf(decimal) : -1;
  if (decimal && text.indexOf(decimal) !== at) return { ok: false, reason: 'format' };
  const whole = decimal ? text.slice(0, at) : text;
  const fraction = decimal ? text.slice(at + 1) : '';
  if (decimal && !/^\d{1,2}$/.test(fraction)) return { ok: false, reason: 'format' };
  const group = decimal === '.' ? ',' : decimal === ',' ? '.' : null;
  if (!groupsOk(whole, group)) return { ok: false, reason: 'format' };
  return parseAmount(`${whole.replace(/[ .,]/g, '')}${fraction ? `.${fraction}` : ''}`);
}

/** "1 234 567", "1.234", "12": digits in groups of three after the first, one kind of separator. */
function groupsOk(whole: string, group: '.' | ',' | null): boolean {
  const separators = new Set(whole.replace(/\d/g, ''));
  if (separators.size === 0) return /^\d+$/.test(whole);
  if (separators.size > 1) return false;
  const [sep] = separators;
  if (sep !== ' ' && group !== null && sep !== group) return false;
  return (
    /^[1-9]\d{0,2}$/.test(whole.split(sep!)[0]!) &&
    whole
      .split(sep!)
      .slice(1)
      .every((g) => /^\d{3}$/.test(g))
  );
}

/** Cents → how a person of `lang` writes the amount in a field: "1 250,50" (fr), "1250,50" (es), "1,250.50" (en). */
export function formatAmountInput(cents: Cents, lang: AmountLanguage): string {
  const [whole, fraction] = toDecimalString(cents).split('.');
  const group = lang === 'en' ? ',' : lang === 'fr' ? '\u202f' : '.';
  const grouped = lang === 'es' && whole!.length < 5 ? whole! : whole!.replace(/\B(?=(\d{3})+$)/g, group);
  return `${grouped}${decimalSign[lang]}${fraction}`;
}

/**
 * Cents → the amount as a document in `lang` writes it: "1 234,56 $" (fr), "$1,234.56" (en),
 * "1234,56 $" and "12.345,67 $" (es), as Intl's narrow-symbol currency format does. For what leaves
 * the app in the person's language (the statement PDF, decision 049); screens keep `formatMoney`.
 */
export function formatMoneyIn(cents: Cents, lang: AmountLanguage): string {
  if (lang === 'en') return formatMoney(cents);
  return `${cents < 0 ? '-' : ''}${formatAmountInput(Math.abs(cents), lang)}\u00a0$`;
}
