import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
// The shell (navigation, titles, footer) and the home page of the default language are part of
// the first script, so a French visitor's first paint never waits on a download.
import frCommon from '../locales/fr/common.json';
import frContent from '../locales/fr/content.json';
import { defaultLanguage, isLanguage, languages, type Language } from './languages';
import { localeGroup } from './locale-groups';
import { INVESTMENT_LOCK_DAYS, WITHDRAWAL_LOCK_DAYS } from '../../core/locks';
import { boundedLoad } from './bounded-load';

export { defaultLanguage, isLanguage, languages, type Language };
const storageKey = 'atlas.lang';

type Bundle = Record<string, unknown>;

/**
 * Every other namespace is fetched on demand. The build puts the namespaces of one group and
 * language in one chunk (vite.config.ts, `localeGroup`): the public pages' texts, the
 * assistant's, and the signed-in screens' with the error messages they show. So the home page
 * does not download the texts of the cashier, and a screen's error texts arrive with it.
 */
const files = import.meta.glob<Bundle>('../locales/*/*.json', { import: 'default' });

function namespaceOf(file: string): [Language, string] | undefined {
  const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  return isLanguage(lng) && ns ? [lng, ns] : undefined;
}

const loaded = new Map<string, () => Promise<Record<string, Bundle>>>();
/**
 * Every namespace of `ns`'s group in `lng` (one request), keyed by namespace. Bounded, and a group
 * that failed or did not arrive in time is asked for again next time (decision 048).
 */
function loadGroup(lng: Language, ns: string): Promise<Record<string, Bundle>> {
  const group = `${lng}-${localeGroup(ns)}`;
  let load = loaded.get(group);
  if (!load) {
    const members = Object.entries(files).filter(([file]) => {
      const key = namespaceOf(file);
      return key?.[0] === lng && localeGroup(key[1]) === localeGroup(ns);
    });
    load = boundedLoad(() =>
      Promise.all(members.map(async ([file, read]) => [namespaceOf(file)![1], await read()] as const)).then(
        Object.fromEntries,
      ),
    );
    loaded.set(group, load);
  }
  return load();
}

const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lng, ns, callback) => {
    if (!isLanguage(lng)) return callback(null, {});
    loadGroup(lng, ns).then(
      (bundles) => {
        // The group's other namespaces (e.g. `errors` beside `cashier`) are ready at the same time.
        for (const [other, bundle] of Object.entries(bundles)) {
          if (other !== ns && !i18n.hasResourceBundle(lng, other)) i18n.addResourceBundle(lng, other, bundle);
        }
        callback(null, bundles[ns] ?? {});
      },
      (err: Error) => callback(err, false),
    );
  },
};

/** The stored choice, else the page's own `lang`: the server writes it from the language cookie. */
function storedLanguage(): Language {
  const served = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  const fallback = isLanguage(served) ? served : defaultLanguage;
  try {
    const value = localStorage.getItem(storageKey);
    return isLanguage(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

void i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    resources: { fr: { common: frCommon, content: frContent } },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: false,
    supportedLngs: [...languages],
    defaultNS: 'common',
    ns: ['common'],
    interpolation: {
      escapeValue: false,
      // The lock rules are core's constants, the server's own: texts say them, never a copy.
      defaultVariables: { investmentLockDays: INVESTMENT_LOCK_DAYS, withdrawalLockDays: WITHDRAWAL_LOCK_DAYS },
    },
    returnNull: false,
    react: { useSuspense: true },
  });

/**
 * Starts fetching the texts a screen needs (in the current language) without waiting for it to
 * render: a lazy screen calls this beside its own import, so both downloads run in parallel.
 */
export function preloadNamespaces(namespaces: readonly string[]): Promise<unknown> {
  return i18n.loadNamespaces([...namespaces]).catch(() => undefined);
}

/**
 * The texts a screen needs, in the current language; rejects when one of them is not there
 * (failed, or not within the bound), so the screen shows the loading error and not bare keys.
 * i18next never asks again for a namespace whose load failed: reloadResources does.
 */
export async function loadScreenTexts(namespaces: readonly string[]): Promise<void> {
  const missing = () => namespaces.filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
  if (missing().length) await i18n.reloadResources(i18n.language, missing());
  if (missing().length) throw new Error(`texts not loaded: ${missing().join()}`);
}

function applyLanguage(lng: string): void {
  document.documentElement.lang = lng;
  // Also a cookie, so that the server names the texts of this language in the pages it sends
  // (<link rel="modulepreload">, route-preloads.json). Read by no other code.
  document.cookie = `${storageKey}=${lng}; path=/; max-age=31536000; samesite=lax`;
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
