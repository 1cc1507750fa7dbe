import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const languages = ['fr', 'en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';
const storageKey = 'atlas.lang';

type Bundle = Record<string, unknown>;

/**
 * Only `common` (the shell: navigation, titles, footer) ships in the first script, for every
 * language, so the first paint never waits on a download. Every other namespace of a language
 * is one chunk fetched when that language is first used: the first page stays small however
 * many screens and strings the product grows.
 */
const shellFiles = import.meta.glob<Bundle>('../locales/*/common.json', { eager: true, import: 'default' });
const languageChunks: Record<Language, () => Promise<{ default: Record<string, Bundle> }>> = {
  fr: () => import('./locale-bundles/fr'),
  en: () => import('./locale-bundles/en'),
  es: () => import('./locale-bundles/es'),
};

function namespaceOf(file: string): [string, string] | undefined {
  const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  return lng && ns ? [lng, ns] : undefined;
}

/** The bundles already in memory: locales/<lng>/<namespace>.json → resources[lng][namespace]. */
export const resources: Record<string, Record<string, Bundle>> = {};
for (const [file, bundle] of Object.entries(shellFiles)) {
  const key = namespaceOf(file);
  if (key) (resources[key[0]] ??= {})[key[1]] = bundle;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

const loaded = new Map<Language, Promise<Record<string, Bundle>>>();
/** All namespaces of one language, keyed by namespace (one network request per language). */
export function loadLanguage(lng: Language): Promise<Record<string, Bundle>> {
  let pending = loaded.get(lng);
  if (!pending) {
    pending = languageChunks[lng]().then(({ default: files }) => {
      const byNamespace: Record<string, Bundle> = {};
      for (const [file, bundle] of Object.entries(files)) {
        const key = namespaceOf(file);
        if (key) byNamespace[key[1]] = bundle;
      }
      return byNamespace;
    });
    pending.catch(() => loaded.delete(lng));
    loaded.set(lng, pending);
  }
  return pending;
}

const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lng, ns, callback) => {
    if (!isLanguage(lng)) return callback(null, {});
    loadLanguage(lng).then(
      (bundles) => callback(null, bundles[ns] ?? {}),
      (err: Error) => callback(err, false),
    );
  },
};

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(storageKey);
    return isLanguage(value) ? value : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

void i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: false,
    supportedLngs: [...languages],
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  })
  // Registering every namespace of the current language right away means changeLanguage()
  // loads all of them for the next language before switching, so t('errors:…') is always ready.
  .then(() => loadLanguage(currentLanguage()))
  .then((bundles) => i18n.loadNamespaces(Object.keys(bundles)))
  .catch(() => {
    /* offline: screens suspend on their namespace and retry when they mount again */
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
