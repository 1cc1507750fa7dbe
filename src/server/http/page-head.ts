import en from '../../web/locales/en/common.json';
import es from '../../web/locales/es/common.json';
import fr from '../../web/locales/fr/common.json';

export type PageLanguage = 'fr' | 'en' | 'es';
const texts = { fr, en, es };

/** The key in common.json's `titles` of each route's title (the one the screen itself shows). */
const routeTitles: Record<string, keyof typeof fr.titles> = {
  '/': 'home',
  '/about': 'about',
  '/crypto': 'crypto',
  '/trading': 'trading',
  '/stocks': 'stocks',
  '/real-estate': 'realEstate',
  '/login': 'login',
  '/signup': 'signup',
  '/profile': 'profile',
  '/admin-login': 'adminLogin',
  '/invest': 'invest',
  '/cashier': 'cashier',
  '/deposit': 'deposit',
  '/withdraw': 'withdraw',
  '/internal-transfer': 'transfer',
  '/portfolio': 'portfolio',
  '/charts': 'charts',
  '/admin': 'admin',
};

/** The visitor's language from the `atlas.lang` cookie the app writes; French by default. */
export function cookieLanguage(cookie: string | undefined): PageLanguage {
  return (/(?:^|;\s*)atlas\.lang=(fr|en|es)(?:;|$)/.exec(cookie ?? '')?.[1] as PageLanguage | undefined) ?? 'fr';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * index.html with `lang`, title and descriptions in `lang`, as the screen will set them: the first
 * byte already speaks the visitor's language (screen readers, search engines, link previews).
 * `route` null is an unknown path (the home screen, under the brand's name alone).
 */
export function localizeHead(html: string, lang: PageLanguage, route: string | null): string {
  const titleKey = route === null ? undefined : routeTitles[route];
  const title = escapeHtml(titleKey ? `${texts[lang].titles[titleKey]} · Atlas Invest` : 'Atlas Invest');
  const description = escapeHtml(texts[lang].meta.defaultDescription);
  return html
    .replace(/<html lang="[a-z]+"/, `<html lang="${lang}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/(<meta (?:name="description"|property="og:description") content=")[^"]*"/g, `$1${description}"`)
    .replace(/(<meta property="og:title" content=")[^"]*"/, `$1${title}"`);
}
