import { getCountries, getCountryCallingCode, getExampleNumber, type CountryCode } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';

export interface CountryOption {
  code: CountryCode;
  name: string;
  dial: string;
}

const cache = new Map<string, CountryOption[]>();

/** Every country with its name in the page language (Intl.DisplayNames) and its dial code, sorted by name. */
export function countryOptions(lng: string): CountryOption[] {
  let list = cache.get(lng);
  if (!list) {
    const names = new Intl.DisplayNames([lng], { type: 'region' });
    const collator = new Intl.Collator(lng);
    list = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, dial: `+${getCountryCallingCode(code)}` }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(lng, list);
  }
  return list;
}

export function dialCode(country: string): string {
  try {
    return `+${getCountryCallingCode(country as CountryCode)}`;
  } catch {
    return '';
  }
}

/** A mobile number of that country as people write it, for the hint. */
export function exampleNumber(country: string): string {
  try {
    return getExampleNumber(country as CountryCode, examples)?.formatNational() ?? '';
  } catch {
    return '';
  }
}
