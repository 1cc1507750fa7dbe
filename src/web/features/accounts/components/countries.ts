import { getCountryCallingCode, getExampleNumber, type CountryCode } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { countryLists } from '../../../../core/countries';
import { defaultLanguage, isLanguage } from '../../../lib/languages';

export interface CountryOption {
  code: CountryCode;
  name: string;
  dial: string;
}

const cache = new Map<string, CountryOption[]>();

/** Every country with its name in the page language and its dial code, sorted by name (core/countries). */
export function countryOptions(lng: string): CountryOption[] {
  let list = cache.get(lng);
  if (!list) {
    list = countryLists[isLanguage(lng) ? lng : defaultLanguage].map(([code, name]) => ({
      code: code as CountryCode,
      name: name!,
      dial: `+${getCountryCallingCode(code as CountryCode)}`,
    }));
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
