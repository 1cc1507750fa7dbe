import { formatMoney, fromDecimalString } from '../../core/money';
import { currentLanguage, type Language } from './i18n';

// Dates and ages are written by hand, like numbers below: the first Intl formatter of a page loads
// the locale data of ICU, about 20 ms on this machine's Chrome and several times that on a phone,
// a long task on every screen that shows a date. The unit tests hold them to Intl's output.
const months: Record<Language, string[]> = {
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

/** The moment in the reader's time zone; an invalid one throws as Intl does. */
function localDate(value: string | Date | number): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

function dayMonth(date: Date, lng: Language): string {
  const month = months[lng][date.getMonth()]!;
  return lng === 'en' ? `${month} ${date.getDate()}` : `${date.getDate()} ${month}`;
}

/** "1234.50" or 123450 → "$1,234.50" in every language (spec §9: dollar prefix, comma thousands). */
export function money(amount: string | number): string {
  return formatMoney(typeof amount === 'number' ? amount : fromDecimalString(amount));
}

/** "6 nov. 2026" (fr), "Nov 6, 2026" (en), "6 nov 2026" (es): Intl's medium date. */
export function formatDate(value: string | Date | number, lng: Language = currentLanguage()): string {
  const date = localDate(value);
  return `${dayMonth(date, lng)}${lng === 'en' ? ',' : ''} ${date.getFullYear()}`;
}

/**
 * A calendar day ("1988-04-12": a birth date, a document's expiry) as `formatDate` writes it
 * ("12 avr. 1988"), the same day whatever the reader's time zone; anything else is left as it is.
 */
export function formatDay(day: string, lng: Language = currentLanguage()): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  const date = new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  date.setFullYear(Number(parts[1]));
  return formatDate(date, lng);
}

/** "6 nov. 2026, 09:05" (fr), "Nov 6, 2026, 9:05 AM" (en), "6 nov 2026, 9:05" (es): medium date, short time. */
export function formatDateTime(value: string | Date | number, lng: Language = currentLanguage()): string {
  const date = localDate(value);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const time =
    lng === 'en'
      ? `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
      : `${lng === 'fr' ? String(hours).padStart(2, '0') : hours}:${minutes}`;
  return `${formatDate(date, lng)}, ${time}`;
}

/** Short month name in the current language for a month index 0–11, capitalised, without its dot. */
export function monthName(month: number, lng: Language = currentLanguage()): string {
  const name = months[lng][month]!;
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/\.$/, '');
}

/** "3 mars": day and month only (chart axes, where a phone must fit several dates). */
export function formatDayMonth(value: string | Date, lng: Language = currentLanguage()): string {
  return dayMonth(localDate(value), lng);
}

const ages: Record<Language, Record<'minute' | 'hour' | 'day', (n: number) => string>> = {
  fr: {
    minute: (n) => `il y a ${n} minute${n > 1 ? 's' : ''}`,
    hour: (n) => `il y a ${n} heure${n > 1 ? 's' : ''}`,
    day: (n) => (n === 1 ? 'hier' : n === 2 ? 'avant-hier' : `il y a ${n} jours`),
  },
  en: {
    minute: (n) => `${n} minute${n > 1 ? 's' : ''} ago`,
    hour: (n) => `${n} hour${n > 1 ? 's' : ''} ago`,
    day: (n) => (n === 1 ? 'yesterday' : `${n} days ago`),
  },
  es: {
    minute: (n) => `hace ${n} minuto${n > 1 ? 's' : ''}`,
    hour: (n) => `hace ${n} hora${n > 1 ? 's' : ''}`,
    day: (n) => (n === 1 ? 'ayer' : n === 2 ? 'anteayer' : `hace ${n} días`),
  },
};

/** "il y a 3 minutes", "2 hours ago": an age in seconds in the current language (`justNow` under a minute). */
export function formatAge(seconds: number, justNow: string, lng: Language = currentLanguage()): string {
  if (seconds < 60) return justNow;
  if (seconds < 3600) return ages[lng].minute(Math.floor(seconds / 60));
  if (seconds < 86_400) return ages[lng].hour(Math.floor(seconds / 3600));
  return ages[lng].day(Math.floor(seconds / 86_400));
}

/** "1 234,5" (fr), "1,234.5" (en), "1234,5" (es): a number with at most two decimals, as Intl writes it. */
export function numberText(value: number, lng: Language = currentLanguage()): string {
  return groupDecimal(value.toFixed(2).replace(/\.?0+$/, ''), lng);
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
  return `${groupDecimal(decimal, lng)} %`;
}

/** A decimal string ("-1234.50") with the language's decimal sign and grouping. */
function groupDecimal(decimal: string, lng: Language): string {
  const { decimal: point, group, groupFrom } = numberSigns[lng];
  const [, sign, whole, fraction] = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal) ?? [];
  if (whole === undefined) return decimal;
  const grouped = whole.length >= groupFrom ? whole.replace(/\B(?=(\d{3})+$)/g, group) : whole;
  return `${sign}${grouped}${fraction === undefined ? '' : point + fraction}`;
}

/**
 * 39.2157 → "39,22 %" (fr, es) or "39.22 %" (en). Written by hand: the first Intl.NumberFormat of
 * a page costs about 15 ms on a phone (locale data).
 */
export function percent(value: number, lng: Language = currentLanguage()): string {
  return percentText(value.toFixed(2), lng);
}

/**
 * A rate in dollars per coin: cents as money, then any further digits the rate has (USDT's
 * "0.999871" → "$0.999871"); `money` alone takes cents only.
 */
export function rateMoney(rate: string): string {
  const point = rate.indexOf('.');
  if (point < 0 || rate.length - point - 1 <= 2) return money(rate);
  return `${money(rate.slice(0, point + 3))}${rate.slice(point + 3)}`;
}

/** A coin amount in the reader's language, up to 8 decimals, never rounded (it comes as text: "0.00125"). */
export function coinAmount(amount: string, lng: string = currentLanguage()): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const parts = new Intl.NumberFormat(lng, { minimumFractionDigits: 1 }).formatToParts(1000.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction ? `${grouped}${decimal}${fraction}` : grouped;
}
