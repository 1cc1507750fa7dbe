import { describe, expect, it, vi } from 'vitest';

// The real module sets up i18next for a browser; these tests pass the language explicitly.
vi.mock('./i18n', () => ({ currentLanguage: () => 'fr' }));

import { formatAge, formatDayMonth, money, monthName, percent, percentText, withColon } from './format';

describe('percent', () => {
  // Written by hand for speed: it must read exactly as Intl would for every share a page shows.
  it.each(['fr', 'en', 'es'] as const)('matches Intl.NumberFormat in %s for shares from 0 to 100 %%', (lng) => {
    const intl = new Intl.NumberFormat({ fr: 'fr-FR', en: 'en-US', es: 'es-ES' }[lng], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    for (let cents = 0; cents <= 10_000; cents += 7) {
      const share = (cents * 100) / 10_000 + 0.004;
      expect(percent(share, lng)).toBe(`${intl.format(share)} %`);
    }
    expect(percent(100, lng)).toBe(`${intl.format(100)} %`);
    expect(percent(-3.5, lng)).toBe(`${intl.format(-3.5)} %`);
  });
});

describe('percentText', () => {
  it('writes a return from the API with the decimal sign of the language', () => {
    expect(percentText('-3.50', 'fr')).toBe('-3,50 %');
    expect(percentText('12.00', 'es')).toBe('12,00 %');
    expect(percentText('12.00', 'en')).toBe('12.00 %');
  });

  // A return can pass 1,000 %: grouped exactly as Intl groups it in each language.
  it.each(['fr', 'en', 'es'] as const)('groups thousands as Intl.NumberFormat does in %s', (lng) => {
    const intl = new Intl.NumberFormat({ fr: 'fr-FR', en: 'en-US', es: 'es-ES' }[lng], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    for (const value of [0, 999.99, 1000, 1234.56, -1234.5, 12_345.67, 123_456.78, 1_234_567.8, -98_765_432.1]) {
      expect(percentText(value.toFixed(2), lng)).toBe(`${intl.format(value)} %`);
    }
  });
});

describe('dates and ages in the current language', () => {
  it('names months in each language, capitalised, without the abbreviation dot', () => {
    expect(monthName(0, 'fr')).toBe('Janv');
    expect(monthName(4, 'en')).toBe('May');
    expect(monthName(11, 'es')).toBe('Dic');
  });

  it('writes day and month only for chart axes', () => {
    expect(formatDayMonth('2026-03-03T12:00:00Z', 'fr')).toBe('3 mars');
    expect(formatDayMonth('2026-03-03T12:00:00Z', 'en')).toBe('Mar 3');
  });

  it('says how old a price is', () => {
    expect(formatAge(30, 'à l’instant', 'fr')).toBe('à l’instant');
    expect(formatAge(180, '', 'fr')).toBe('il y a 3 minutes');
    expect(formatAge(7200, '', 'en')).toBe('2 hours ago');
    expect(formatAge(86_400, '', 'es')).toBe('ayer');
  });
});

it('formats money the same in every language (spec §9)', () => {
  expect(money('1234.50')).toBe('$1,234.50');
  expect(money(123450)).toBe('$1,234.50');
});

it('puts a colon after a label as each language writes it', () => {
  expect(withColon('Crypto', 'fr')).toBe('Crypto\u00a0:');
  expect(withColon('Stocks', 'en')).toBe('Stocks:');
  expect(withColon('Acciones', 'es')).toBe('Acciones:');
});
