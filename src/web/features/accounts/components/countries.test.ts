import { getCountries } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries';

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

describe('the country list of the sign-up form', () => {
  // The file is what this test computes; `npx vitest run -u` writes it again (a new country in
  // libphonenumber, another ICU in Node).
  it('names every country of the phone library in each language, sorted as ICU sorts them', async () => {
    await expect(fromIcu()).toMatchFileSnapshot('./country-names.json');
  });

  it('reads it in the page language, with dial codes, and in French for a language it does not know', () => {
    const fr = countryOptions('fr');
    expect(fr).toHaveLength(getCountries().length);
    expect(fr.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Allemagne', dial: '+49' });
    expect(fr.findIndex((c) => c.code === 'AE')).toBeLessThan(fr.findIndex((c) => c.code === 'EE'));
    expect(countryOptions('en').find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(countryOptions('es').find((c) => c.code === 'DE')?.name).toBe('Alemania');
    expect(countryOptions('de')).toEqual(fr);
  });
});
