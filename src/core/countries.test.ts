import { getCountries } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { countryNames } from './countries';

const languages = ['fr', 'en', 'es'] as const;

/** The names and their order as ICU gives them, in the file's layout (one country per line). */
function fromIcu(): string {
  const lists = languages.map((lng) => {
    const names = new Intl.DisplayNames([lng], { type: 'region' });
    const collator = new Intl.Collator(lng);
    const rows = getCountries()
      .map((code) => [code, names.of(code) ?? code])
      .sort((a, b) => collator.compare(a[1]!, b[1]!))
      .map((pair) => `    ${JSON.stringify(pair).replace('","', '", "')}`);
    return `  "${lng}": [\n${rows.join(',\n')}\n  ]`;
  });
  return `{\n${lists.join(',\n')}\n}\n`;
}

describe('country names', () => {
  // The file is what this test computes; `npx vitest run -u` writes it again (a new country in
  // libphonenumber, another ICU in Node).
  it('names every country of the phone library in each language, sorted as ICU sorts them', async () => {
    await expect(fromIcu()).toMatchFileSnapshot('./country-names.json');
  });

  it("names one country in the app's three languages, and an unknown code by itself", () => {
    expect(countryNames('FR')).toEqual({ fr: 'France', en: 'France', es: 'Francia' });
    expect(countryNames('DE')).toEqual({ fr: 'Allemagne', en: 'Germany', es: 'Alemania' });
    expect(countryNames('ZZ')).toEqual({ fr: 'ZZ', en: 'ZZ', es: 'ZZ' });
  });
});
