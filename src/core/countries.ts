import lists from './country-names.json';

/** The app's languages, as the data names them. */
export type CountryLanguage = keyof typeof lists;

/**
 * Every country of the phone library with its name, sorted by name, in each language of the app:
 * ICU's names and order, written to country-names.json by countries.test.ts. Data rather than
 * `Intl.DisplayNames` and `Intl.Collator`: in the browser the first of those on a page loads ICU's
 * locale data, a long task on the first render (decision 040). The server names with it too.
 */
export const countryLists: Record<CountryLanguage, string[][]> = lists;

const languages = Object.keys(countryLists) as CountryLanguage[];
/** One name in every language: an unknown code names itself. */
const sameIn = (name: string) =>
  Object.fromEntries(languages.map((lng) => [lng, name])) as Record<CountryLanguage, string>;

let byCode: Map<string, Record<CountryLanguage, string>> | undefined;

/** A country's name in each language ("FR" → France, France, Francia); an unknown code is its own name. */
export function countryNames(code: string): Record<CountryLanguage, string> {
  if (!byCode) {
    byCode = new Map();
    for (const lng of languages)
      for (const [c, name] of countryLists[lng]) {
        const names = byCode.get(c!) ?? sameIn(c!);
        names[lng] = name!;
        byCode.set(c!, names);
      }
  }
  return byCode.get(code) ?? sameIn(code);
}
