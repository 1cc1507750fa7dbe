import lists from './country-names.json';

export type CountryLanguage = 'fr' | 'en' | 'es';

/**
 * Every country of the phone library with its name, sorted by name, in each language of the app:
 * ICU's names and order, written to country-names.json by countries.test.ts. Data rather than
 * `Intl.DisplayNames` and `Intl.Collator`: in the browser the first of those on a page loads ICU's
 * locale data, a long task on the first render (decision 040). The server names with it too.
 */
export const countryLists: Record<CountryLanguage, string[][]> = lists;

let byCode: Map<string, Record<CountryLanguage, string>> | undefined;

/** A country's name in each language ("FR" → France, France, Francia); an unknown code is its own name. */
export function countryNames(code: string): Record<CountryLanguage, string> {
  if (!byCode) {
    byCode = new Map();
    for (const lng of ['fr', 'en', 'es'] as const)
      for (const [c, name] of countryLists[lng]) {
        const names = byCode.get(c!) ?? { fr: c!, en: c!, es: c! };
        names[lng] = name!;
        byCode.set(c!, names);
      }
  }
  return byCode.get(code) ?? { fr: code, en: code, es: code };
}
