/** The highest price we believe: $10,000,000,000 per unit. Anything above is a garbled answer. */
const MAX_PRICE_CENTS = 1_000_000_000_000;

/**
 * Parses a provider's decimal price ("65432.10", "65432.105") into integer cents, rounding the
 * third decimal half up, without floating point. Returns null for anything that is not a positive
 * plain decimal: signs, exponents, spaces, empty, zero, absurdly large values.
 */
export function parsePriceCents(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,13})(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  let cents = BigInt(match[1]!) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (fraction.length > 2 && fraction.charCodeAt(2) >= 53 /* '5' */) cents += 1n;
  if (cents <= 0n || cents > BigInt(MAX_PRICE_CENTS)) return null;
  return Number(cents);
}
