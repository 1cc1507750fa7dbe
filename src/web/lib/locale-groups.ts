/**
 * Which texts travel together (one chunk per group and language, see vite.config.ts):
 * `common` is the shell; `content` the home page and what every public page shares (areas,
 * rates); `pages` the about and area pages; `assistant` the chat; every signed-in screen's
 * namespace shares `app` with `errors`, which those screens show.
 */
export type LocaleGroup = 'shell' | 'content' | 'pages' | 'assistant' | 'app';

export function localeGroup(namespace: string): LocaleGroup {
  if (namespace === 'common') return 'shell';
  if (namespace === 'content' || namespace === 'pages' || namespace === 'assistant') return namespace;
  return 'app';
}
