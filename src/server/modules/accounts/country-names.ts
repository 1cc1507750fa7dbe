import type { Me } from '../../../contracts/me';

type Locale = Me['locale'];
const languages: Locale[] = ['fr', 'en', 'es'];
const displayNames = new Map<Locale, Intl.DisplayNames>();

/**
 * A country's name in each language of the app ("FR" → France, France, Francia). Named by the
 * server: in the browser the first Intl.DisplayNames of a page loads ICU's locale data, a long
 * task (about 30 ms on this machine's Chrome) on the profile's first render.
 */
export function countryNames(code: string): Record<Locale, string> {
  const names = {} as Record<Locale, string>;
  for (const lng of languages) {
    let display = displayNames.get(lng);
    if (!display) displayNames.set(lng, (display = new Intl.DisplayNames([lng], { type: 'region', fallback: 'code' })));
    names[lng] = display.of(code) ?? code;
  }
  return names;
}
