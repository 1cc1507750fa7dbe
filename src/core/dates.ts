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

const intlLocale: Record<DateLanguage, string> = { fr: 'fr-FR', en: 'en-US', es: 'es-ES' };
const longDates = new Map<DateLanguage, Intl.DateTimeFormat>();

/**
 * The one way the server writes a day in words (e-mails, the statement PDF): "5 décembre 2027"
 * (fr), "December 5, 2027" (en), "5 de diciembre de 2027" (es), the UTC day, as Intl's long date.
 * An ISO day ("2027-12-05") is that very day.
 */
export function formatLongDate(value: string | Date, lang: DateLanguage): string {
  let format = longDates.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[lang], { dateStyle: 'long', timeZone: 'UTC' });
    longDates.set(lang, format);
  }
  return format.format(new Date(typeof value === 'string' && isIsoDay(value) ? `${value}T12:00:00Z` : value));
}

/**
 * An instant in words, with its time and the zone said: "24 novembre 2026 à 00:20 UTC" (fr),
 * "November 24, 2026 at 2:05 PM UTC" (en), "24 de noviembre de 2026, 14:05 UTC" (es). The time is
 * written here rather than by Intl, whose words between date and time change between versions.
 */
export function formatLongDateTime(value: string | Date, lang: DateLanguage): string {
  const date = new Date(value);
  const [h, m] = [date.getUTCHours(), String(date.getUTCMinutes()).padStart(2, '0')];
  const day = formatLongDate(date, lang);
  if (lang === 'en') return `${day} at ${h % 12 || 12}:${m} ${h < 12 ? 'AM' : 'PM'} UTC`;
  return lang === 'fr' ? `${day} à ${String(h).padStart(2, '0')}:${m} UTC` : `${day}, ${h}:${m} UTC`;
}
