/**
 * Whether an Accept header asks for a page rather than JSON: HTML ranked strictly above JSON. A
 * browser opening a link sends `text/html,…,*\/*;q=0.8`; fetch, curl and API clients send `*\/*` or
 * `application/json`, and keep getting JSON (equal ranks go to JSON too).
 */
export function prefersPage(accept: string | undefined): boolean {
  if (!accept) return false;
  let page = 0;
  let json = 0;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith('q='));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    if (!(q >= 0 && q <= 1)) continue;
    if (type === 'text/html' || type === 'application/xhtml+xml') page = Math.max(page, q);
    else if (type === 'application/json') json = Math.max(json, q);
  }
  return page > json;
}
