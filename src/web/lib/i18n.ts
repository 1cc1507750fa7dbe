import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const languages = ['fr', 'en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';
const storageKey = 'atlas.lang';

type Bundle = Record<string, unknown>;
const files = import.meta.glob<Bundle>('../locales/*/*.json', { eager: true, import: 'default' });

/** locales/<lng>/<namespace>.json → resources[lng][namespace] */
export const resources: Record<string, Record<string, Bundle>> = {};
for (const [file, bundle] of Object.entries(files)) {
  const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (!lng || !ns) continue;
  (resources[lng] ??= {})[ns] = bundle;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(storageKey);
    return isLanguage(value) ? value : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: false,
  supportedLngs: [...languages],
  defaultNS: 'common',
  ns: Object.keys(resources[defaultLanguage] ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLanguage(lng: string): void {
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(storageKey, lng);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

export default i18n;
