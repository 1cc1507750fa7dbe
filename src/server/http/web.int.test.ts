import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, registerWeb } from './web';

const indexHtml = `<!doctype html><html lang="fr"><head><title>Atlas Invest</title><meta name="description" content="Investissez." /><meta property="og:title" content="Atlas Invest" /><meta property="og:description" content="Investissez." /><link rel="preload" as="image" href="/img/home-hero.svg" data-home /></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;

/** A web server over a built folder holding `indexHtml` and this route-preloads.json, for the tests of one block. */
function servedFrom(preloads: object): { app: FastifyInstance } {
  const web = { app: Fastify() };
  let root = '';
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'atlas-web-'));
    writeFileSync(path.join(root, 'index.html'), indexHtml);
    writeFileSync(path.join(root, 'route-preloads.json'), JSON.stringify(preloads));
    await registerWeb(web.app, { root, enabled: true });
  });
  afterAll(async () => {
    await web.app.close();
    rmSync(root, { recursive: true, force: true });
  });
  return web;
}

describe('the SPA pages', () => {
  const web = servedFrom({
    '/invest': {
      files: ['/assets/InvestPage-x.js'],
      strings: { fr: ['/assets/fr-app-x.js'], en: ['/assets/en-app-x.js'] },
    },
  });
  const get = (url: string, headers: Record<string, string> = {}) => web.app.inject({ method: 'GET', url, headers });

  it('sends a route page compressed as the browser accepts, the same page in every encoding', async () => {
    const plain = await get('/invest', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<link rel="modulepreload" href="/assets/InvestPage-x.js" fetchpriority="low" />');
    expect(plain.body).not.toContain('home-hero');

    const br = await get('/invest', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    const brBody = br.rawPayload;
    expect(brotliDecompressSync(brBody).toString()).toBe(plain.body);
    expect(brBody.length).toBeLessThan(plain.body.length / 4);

    const gzip = await get('/invest', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    for (const res of [plain, br, gzip]) {
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      // The page depends on both: a cache must not give the English page or brotli to someone else.
      expect(res.headers.vary).toBe('accept-encoding, cookie');
    }
  });

  it('compresses the page of each language and the home page of unknown paths', async () => {
    const en = await get('/invest', { 'accept-encoding': 'br', cookie: 'atlas.lang=en' });
    expect(brotliDecompressSync(en.rawPayload).toString()).toContain('/assets/en-app-x.js');
    const unknown = await get('/n-importe-quoi', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(unknown.rawPayload).toString()).toBe(indexHtml);
    expect((await get('/api/nope', { 'accept-encoding': 'br' })).json()).toEqual({
      error: { code: 'not_found', params: {} },
    });
  });
});

// As the build writes them from common.json (scripts/route-preloads.ts).
const titles: Record<string, string> = { fr: 'Investir', en: 'Invest', es: 'Invertir' };
const descriptions: Record<string, string> = {
  fr: "Atlas Invest : investissez dans la crypto, le trading, les actions et l'immobilier, en toute transparence.",
  en: 'Atlas Invest: invest in crypto, trading, stocks and real estate, with full transparency.',
  es: 'Atlas Invest: invierta en cripto, trading, acciones e inmobiliario, con total transparencia.',
};

describe('the first byte in the language of the cookie', () => {
  const head = (lng: string) => ({ title: `${titles[lng]} · Atlas Invest`, description: descriptions[lng] });
  const web = servedFrom({
    '/invest': {
      files: [],
      strings: { fr: ['/assets/fr-app-x.js'], en: ['/assets/en-app-x.js'], es: ['/assets/es-app-x.js'] },
      head: { fr: head('fr'), en: head('en'), es: head('es') },
    },
    '*': { files: [], strings: {}, head: { es: { title: 'Atlas Invest', description: descriptions.es } } },
  });

  const page = async (url: string, cookie?: string) => {
    const res = await web.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
    });
    expect(res.headers.vary).toBe('accept-encoding, cookie');
    return brotliDecompressSync(res.rawPayload).toString();
  };

  it.each([
    ['fr', undefined, 'Investir · Atlas Invest', 'Atlas Invest : investissez dans la crypto'],
    ['fr', 'atlas.lang=fr', 'Investir · Atlas Invest', 'Atlas Invest : investissez dans la crypto'],
    ['en', 'theme=x; atlas.lang=en', 'Invest · Atlas Invest', 'Atlas Invest: invest in crypto'],
    ['es', 'atlas.lang=es; other=1', 'Invertir · Atlas Invest', 'Atlas Invest: invierta en cripto'],
  ] as const)('%s (cookie %j): lang, title and descriptions of /invest', async (lang, cookie, title, description) => {
    const html = await page('/invest', cookie);
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}"`);
    expect(
      html.match(/content="([^"]*)"/g)!.filter((c) => c.includes(description.replace(/'/g, '&#39;'))),
    ).toHaveLength(2);
    expect(html).toContain(`/assets/${lang}-app-x.js`);
  });

  it('keys the kept pages by language: English, then French, then English again each get their own', async () => {
    expect(await page('/invest', 'atlas.lang=en')).toContain('<html lang="en"');
    expect(await page('/invest', 'atlas.lang=fr')).toContain('<html lang="fr"');
    expect(await page('/invest', 'atlas.lang=en')).toContain('<html lang="en"');
    const unknown = await page('/unknown', 'atlas.lang=es');
    expect(unknown).toContain('<html lang="es"');
    expect(unknown).toContain(`content="${descriptions.es}"`);
    expect(await page('/unknown', 'atlas.lang=xx')).toBe(indexHtml);
  });
});

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5, identity', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['deflate', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as const)('%j → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
