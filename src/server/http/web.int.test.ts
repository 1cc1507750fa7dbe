import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, registerWeb } from './web';

const indexHtml = `<!doctype html><html lang="fr"><head><title>Atlas Invest</title><link rel="preload" as="image" href="/img/home-hero.svg" data-home /></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;

describe('the SPA pages', () => {
  let app: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'atlas-web-'));
    writeFileSync(path.join(root, 'index.html'), indexHtml);
    writeFileSync(path.join(root, 'route-preloads.json'), JSON.stringify({ '/invest': { files: ['/assets/InvestPage-x.js'], strings: { fr: ['/assets/fr-app-x.js'], en: ['/assets/en-app-x.js'] } } }));
    app = Fastify();
    await registerWeb(app, { root, enabled: true });
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

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
    expect((await get('/api/nope', { 'accept-encoding': 'br' })).json()).toEqual({ error: { code: 'not_found', params: {} } });
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
