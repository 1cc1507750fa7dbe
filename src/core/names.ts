/**
 * Honest names: what a person types is normalized (NFKC) so that look-alike forms collapse onto one
 * spelling, and what could make one name pass for another is refused — invisible characters
 * (zero-width, direction controls, other format or control characters) and words that mix
 * alphabets (a Cyrillic "С" inside a Latin word). Names in one script (Cyrillic, Greek, Arabic …)
 * stay welcome.
 */

export type NameProblem = 'invisible_character' | 'mixed_scripts';

/**
 * Control (Cc), format (Cf: zero-width, bidi controls, soft hyphen, tags…), line and paragraph
 * separators, variation selectors, and the fillers and joiners that draw nothing.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Variation_Selector}\u3164\uFFA0\u2800]|\u034F|\u115F|\u1160/u;
/** Any whitespace that is not U+0020 (no-break, em, ideographic spaces …) counts as a plain space once normalized. */
const OTHER_SPACES = /[\s\u00A0\u2000-\u200A\u202F\u205F\u3000]+/gu;

/** The alphabets that can stand in for each other; a word may use only one of them. */
const CONFUSABLE_SCRIPTS: Array<[name: string, re: RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['armenian', /\p{Script=Armenian}/u],
  ['cherokee', /\p{Script=Cherokee}/u],
];

/** NFKC, spaces collapsed to one U+0020, trimmed. */
export function normalizeName(raw: string): string {
  return raw.normalize('NFKC').replace(OTHER_SPACES, ' ').trim();
}

/** The scripts (among those that can impersonate each other) used by one word. */
export function confusableScriptsOf(word: string): string[] {
  const found = new Set<string>();
  for (const ch of word) {
    for (const [name, re] of CONFUSABLE_SCRIPTS) if (re.test(ch)) found.add(name);
  }
  return [...found];
}

/** Why this (already normalized) name is refused, or null when it is fine. */
export function nameProblem(normalized: string): NameProblem | null {
  if (INVISIBLE.test(normalized)) return 'invisible_character';
  for (const word of normalized.split(/[\s\-'’.]+/u)) {
    if (confusableScriptsOf(word).length > 1) return 'mixed_scripts';
  }
  return null;
}

/** Checks the raw text (before normalization can hide anything) and returns the normalized name. */
export function checkName(raw: string): { ok: true; value: string } | { ok: false; problem: NameProblem } {
  if (INVISIBLE.test(raw)) return { ok: false, problem: 'invisible_character' };
  const value = normalizeName(raw);
  const problem = nameProblem(value);
  return problem ? { ok: false, problem } : { ok: true, value };
}

/** Usernames compare after NFKC and case folding: "Ｊｅａｎ" and "jean" are the same name. */
export function usernameKey(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase();
}
