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

/** "1234.5" or 123450 → "$1,234.50" in every language (spec §9: dollar prefix, comma thousands). */
export function money(amount: string | number): string {
  return formatMoney(typeof amount === 'number' ? amount : fromDecimalString(amount));
}

export function formatDate(value: string | Date, lng: Language = currentLanguage()): string {
  return dateFormat(lng, { dateStyle: 'medium' }).format(new Date(value));
}

export function formatDateTime(value: string | Date, lng: Language = currentLanguage()): string {
  return dateFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/** Short month name in the current language for a month index 0–11. */
export function monthName(month: number, lng: Language = currentLanguage()): string {
  const name = dateFormat(lng, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, month, 15));
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/\.$/, '');
}

export function percent(value: number, lng: Language = currentLanguage()): string {
  return new Intl.NumberFormat(intlLocale[lng], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value) + ' %';
}
