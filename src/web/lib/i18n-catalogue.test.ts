import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frenchSpacingProblems } from '../../../tests/support/typography';

/**
 * The translation catalogue is complete: every namespace in FR, EN and ES with the same keys and
 * placeholders, and no French left in the English or Spanish build.
 */
const root = path.resolve('src/web/locales');
const languages = ['fr', 'en', 'es'] as const;
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else out[prefix] = String(value);
  return out;
}

const catalogue: Record<string, Record<string, Record<string, string>>> = {};
for (const lng of languages) {
  for (const file of readdirSync(path.join(root, lng)).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    (catalogue[ns] ??= {})[lng] = flatten(JSON.parse(readFileSync(path.join(root, lng, file), 'utf8')));
  }
}
const namespaces = Object.keys(catalogue).sort();

/** Same text in every language on purpose: brand and product names, tickers, loanwords. */
const sameEverywhere = new Set([
  'Atlas Invest',
  'Crypto',
  'Trading',
  'Portfolio',
  'Admin',
  'DeFi',
  'Forex',
  'Day trading',
  'Swing trading',
  'Scalping',
  'Blue chips',
  'Altcoins',
  'NFT',
  'NFTs',
  'ETF',
  'CFD',
  'REITs',
  'UID',
  'Email',
  'E-mail',
]);
const frenchMarkers = /[èêàçùûôîœ]|\b(vous|votre|vos|avec|pour|les|des|est|une|aux|veuillez|être)\b/i;
const englishMarkers = /[èêàçùûôîœ]/i;
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const base = (key: string) => key.replace(pluralSuffix, '');
/** Words of running text: a copied label like "Bitcoin/Ethereum" or "{{from}} - {{to}}" is not a sentence. */
const words = (s: string) =>
  s
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .split(/\s+/)
    .filter((w) => /\p{L}{2,}/u.test(w));

describe('translation catalogue', () => {
  it('finds the namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'content', 'errors', 'assistant']));
  });

  describe.each(namespaces)('%s', (ns) => {
    const fr = catalogue[ns]!.fr ?? {};

    it.each(['en', 'es'] as const)('exists in %s with the same keys as French', (lng) => {
      const other = catalogue[ns]![lng];
      expect(other, `${lng}/${ns}.json is missing`).toBeDefined();
      const frKeys = new Set(Object.keys(fr).map(base));
      const keys = new Set(Object.keys(other!).map(base));
      expect(
        [...frKeys].filter((k) => !keys.has(k)),
        `keys missing from ${lng}/${ns}.json`,
      ).toEqual([]);
      expect(
        [...keys].filter((k) => !frKeys.has(k)),
        `keys in ${lng}/${ns}.json that French lacks`,
      ).toEqual([]);
    });

    it.each(languages)('%s: plurals have _one and _other, values are non-empty', (lng) => {
      const entries = Object.entries(catalogue[ns]![lng] ?? {});
      for (const [key, value] of entries) expect(value.trim(), `${lng}/${ns}:${key} is empty`).not.toBe('');
      const plurals = new Set(
        entries
          .map(([k]) => k)
          .filter((k) => pluralSuffix.test(k))
          .map(base),
      );
      for (const p of plurals) {
        expect(
          entries.some(([k]) => k === `${p}_one`),
          `${lng}/${ns}:${p}_one`,
        ).toBe(true);
        expect(
          entries.some(([k]) => k === `${p}_other`),
          `${lng}/${ns}:${p}_other`,
        ).toBe(true);
      }
    });

    it.each(['en', 'es'] as const)('%s keeps the placeholders of French', (lng) => {
      const other = catalogue[ns]![lng] ?? {};
      for (const [key, value] of Object.entries(other)) {
        const frValue = fr[key] ?? fr[`${base(key)}_other`] ?? fr[base(key)];
        if (frValue === undefined) continue;
        expect(placeholders(value), `${lng}/${ns}:${key}`).toEqual(placeholders(frValue));
      }
    });

    it('French puts a no-break space before : ; ! and ?', () => {
      const problems = Object.entries(fr).flatMap(([key, value]) =>
        frenchSpacingProblems(value).map((p) => `${key}: …${p}`),
      );
      expect(problems).toEqual([]);
    });

    it.each(['en', 'es'] as const)('%s has no French left in it', (lng) => {
      const leftovers: string[] = [];
      for (const [key, value] of Object.entries(catalogue[ns]![lng] ?? {})) {
        if (sameEverywhere.has(value)) continue;
        const copied = value === fr[key] && words(value).length >= 3;
        const marked = (lng === 'en' ? englishMarkers : frenchMarkers).test(value) && value === fr[key];
        const french = lng === 'en' && frenchMarkers.test(value);
        if (copied || marked || french) leftovers.push(`${key}: ${value}`);
      }
      expect(leftovers).toEqual([]);
    });
  });
});
