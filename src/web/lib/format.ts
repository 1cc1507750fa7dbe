import { formatMoney, fromDecimalString } from '../../core/money';
import { currentLanguage, type Language } from './i18n';

const intlLocale: Record<Language, string> = { fr: 'fr-FR', en: 'en-US', es: 'es-ES' };

// Building an Intl formatter costs far more than using one (milliseconds on a phone): one per
// language and style, made on first use.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lng: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lng} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(intlLocale[lng], options)));
  return format;
}

/**
 * Builds the date formats of the current language ahead of use: the first one of a page loads
 * the locale's data (about 15 ms on a phone), better spent while the first screen's data is on
 * its way than inside its first render.
 */
export function warmUpFormats(lng: Language = currentLanguage()): void {
  formatDateTime(0, lng);
  formatDate(0, lng);
  monthName(0, lng);
}

/** "1234.50" or 123450 → "$1,234.50" in every language (spec §9: dollar prefix, comma thousands). */
export function money(amount: string | number): string {
  return formatMoney(typeof amount === 'number' ? amount : fromDecimalString(amount));
}

export function formatDate(value: string | Date | number, lng: Language = currentLanguage()): string {
  return dateFormat(lng, { dateStyle: 'medium' }).format(new Date(value));
}

export function formatDateTime(value: string | Date | number, lng: Language = currentLanguage()): string {
  return dateFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/** Short month name in the current language for a month index 0–11. */
export function monthName(month: number, lng: Language = currentLanguage()): string {
  const name = dateFormat(lng, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, month, 15));
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/\.$/, '');
}

/** "3 mars": day and month only (chart axes, where a phone must fit several dates). */
export function formatDayMonth(value: string | Date, lng: Language = currentLanguage()): string {
  return dateFormat(lng, { day: 'numeric', month: 'short' }).format(new Date(value));
}

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();

/** "il y a 3 minutes", "2 hours ago": an age in seconds in the current language (`justNow` under a minute). */
export function formatAge(seconds: number, justNow: string, lng: Language = currentLanguage()): string {
  if (seconds < 60) return justNow;
  let rtf = relativeFormats.get(lng);
  if (!rtf) relativeFormats.set(lng, (rtf = new Intl.RelativeTimeFormat(intlLocale[lng], { numeric: 'auto' })));
  if (seconds < 3600) return rtf.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return rtf.format(-Math.floor(seconds / 3600), 'hour');
  return rtf.format(-Math.floor(seconds / 86_400), 'day');
}

/** "Crypto :" in French (a space before the colon, as in every French text of the app), "Crypto:" otherwise. */
export function withColon(label: string, lng: Language = currentLanguage()): string {
  return lng === 'fr' ? `${label}\u00a0:` : `${label}:`;
}

/** How each language writes a number (as Intl does; Spanish groups from five digits only). */
const numberSigns: Record<Language, { decimal: string; group: string; groupFrom: number }> = {
  fr: { decimal: ',', group: '\u202f', groupFrom: 4 },
  en: { decimal: '.', group: ',', groupFrom: 4 },
  es: { decimal: ',', group: '.', groupFrom: 5 },
};

/**
 * "12.34" or "-1234.50" (a decimal string from the API or from `percent`) → "12,34 %",
 * "-1 234,50 %" (fr), "-1,234.50 %" (en), "-1234,50 %" (es).
 */
export function percentText(decimal: string, lng: Language = currentLanguage()): string {
  const { decimal: point, group, groupFrom } = numberSigns[lng];
  const [, sign, whole, fraction] = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal) ?? [];
  if (whole === undefined) return `${decimal} %`;
  const grouped = whole.length >= groupFrom ? whole.replace(/\B(?=(\d{3})+$)/g, group) : whole;
  return `${sign}${grouped}${fraction === undefined ? '' : point + fraction} %`;
}

/**
 * 39.2157 → "39,22 %" (fr, es) or "39.22 %" (en). Written by hand: the first Intl.NumberFormat of
 * a page costs about 15 ms on a phone (locale data).
 */
export function percent(value: number, lng: Language = currentLanguage()): string {
  return percentText(value.toFixed(2), lng);
}
