export type PageLanguage = 'fr' | 'en' | 'es';

/** A page's title and description in one language, written by the build (scripts/route-preloads.ts). */
export interface PageHead {
  title: string;
  description: string;
}

/** The visitor's language from the `atlas.lang` cookie the app writes; French by default. */
export function cookieLanguage(cookie: string | undefined): PageLanguage {
  return (/(?:^|;\s*)atlas\.lang=(fr|en|es)(?:;|$)/.exec(cookie ?? '')?.[1] as PageLanguage | undefined) ?? 'fr';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * index.html with `lang`, title and descriptions in `lang`, as the screen will set them: the first
 * byte already speaks the visitor's language (screen readers, search engines, link previews).
 */
export function localizeHead(html: string, lang: PageLanguage, head: PageHead | undefined): string {
  const withLang = html.replace(/<html lang="[a-z]+"/, `<html lang="${lang}"`);
  if (!head) return withLang;
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  return withLang
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/(<meta (?:name="description"|property="og:description") content=")[^"]*"/g, `$1${description}"`)
    .replace(/(<meta property="og:title" content=")[^"]*"/, `$1${title}"`);
}
