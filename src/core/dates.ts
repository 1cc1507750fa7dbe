import { DAY_MS } from './clock';

/**
 * Calendar dates as people type them: day/month/year in French and Spanish (31/12/1990), month/
 * day/year in English (12/31/1990), whatever the browser's own language. The only place that
 * reads or writes a typed date; the API takes ISO days (1990-12-31).
 */
export type DateLanguage = 'fr' | 'en' | 'es';

const dayFirst: Record<DateLanguage, boolean> = { fr: true, en: false, es: true };

/** A real calendar day as YYYY-MM-DD, or null. */
function isoDay(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1000 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * "31/12/1990" (fr, es) or "12/31/1990" (en) → "1990-12-31"; null for anything that is not a real
 * day. Day and month take one or two digits, the year four; "/", ".", "-" or spaces separate
 * them; eight digits in a row are read in the same order (31121990). An ISO day (1990-12-31, what
 * a browser's autofill may insert) is read as such in every language.
 */
export function parseTypedDate(input: string, lang: DateLanguage): string | null {
  const text = input.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = /^(\d{1,2})[/.\- ]+(\d{1,2})[/.\- ]+(\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (!parts) return null;
  const [a, b, y] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return dayFirst[lang] ? isoDay(y, b, a) : isoDay(y, a, b);
}

/** "1990-12-31" → "31/12/1990" (fr, es) or "12/31/1990" (en); "" for anything else. */
export function formatTypedDate(iso: string, lang: DateLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const [, y, m, d] = match;
  return dayFirst[lang] ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** Whether a text has the shape of an ISO day (YYYY-MM-DD), real or not. */
export const isIsoDay = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The ISO time of the midnight (UTC) that ends an ISO day: where a period that includes it stops. */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString();
}

/**
 * Whether a range of ISO days (both inclusive) ends before it starts, and so can hold nothing.
 * Anything that is not an ISO day (nothing, half-typed text) bounds nothing.
 */
export function reversedRange(from: string | undefined, to: string | undefined): boolean {
  return from !== undefined && to !== undefined && isIsoDay(from) && isIsoDay(to) && from > to;
}
