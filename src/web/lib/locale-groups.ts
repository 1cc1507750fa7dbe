/**
 * Which texts travel together (one chunk per group and language, see vite.config.ts):
 * `common` is the shell; `content` the home page and what every public page shares (areas,
 * rates); `pages` the about and area pages; `assistant` the chat; `liabilities` the proof of
 * liabilities (its page and the check of /portfolio, loaded when used); `alerts` the operators'
 * monitoring alerts (only their page loads them: an investor's browser never receives those texts);
 * `identity` the identity verification (the profile's section and the operators' review);
 * `dataExport` the "Mes données" section (loaded when it renders, on the profile or a former investor's page);
 * `closure` the account closure (the profile's section and the former investor's page, decision 039); every
 * other signed-in screen's namespace shares `app` with `errors`, which those screens show.
 */
export type LocaleGroup =
  | 'shell'
  | 'content'
  | 'pages'
  | 'assistant'
  | 'liabilities'
  | 'alerts'
  | 'identity'
  | 'dataExport'
  | 'closure'
  | 'app';

export function localeGroup(namespace: string): LocaleGroup {
  if (namespace === 'common') return 'shell';
  if (
    namespace === 'content' ||
    namespace === 'pages' ||
    namespace === 'assistant' ||
    namespace === 'liabilities' ||
    namespace === 'alerts' ||
    namespace === 'identity' ||
    namespace === 'dataExport' ||
    namespace === 'closure'
  )
    return namespace;
  return 'app';
}
