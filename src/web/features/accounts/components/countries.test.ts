import { getCountries } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries';

describe('the country list of the sign-up form', () => {
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
