import { parseLocalizedAmount, type AmountLanguage, type LocalizedParseResult } from '../core/money';

export type ExpectedAmount =
  | { kind: 'none' }
  | { kind: 'cents'; cents: number }
  | { kind: 'unreadable'; reason: Exclude<LocalizedParseResult, { ok: true }>['reason'] };

/**
 * The amount an investor expects, as they typed it in their language: read by core's money parser
 * (the one every screen uses), so "1 484,60" with any kind of space is 1484.60. Left empty it is
 * not checked; anything that cannot be read is said, never silently ignored.
 */
export function expectedAmount(typed: string, lang: AmountLanguage): ExpectedAmount {
  if (typed.trim() === '') return { kind: 'none' };
  const parsed = parseLocalizedAmount(typed, lang);
  return parsed.ok ? { kind: 'cents', cents: parsed.cents } : { kind: 'unreadable', reason: parsed.reason };
}
