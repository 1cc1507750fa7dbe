import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';

describe(`foundation over HTTP (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with a JSON 404 in the one error shape', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: { code: 'not_found', params: {} } });
  });

  it('publishes a parseable OpenAPI document and a docs page', async () => {
    const spec = await t.app.inject('/api/openapi.json');
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\./);
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
  });

  it('exposes Prometheus metrics to this machine only, unless a token is configured', async () => {
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds');
    const remote = await t.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().error.code).toBe('forbidden');
  });

  it('sends HSTS (pages and data) and upgrade-insecure-requests (pages) only when PUBLIC_URL is https', async () => {
    for (const url of ['/', '/healthz']) {
      const plain = await t.app.inject(url);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
    const secure = await createTestApp({ PUBLIC_URL: 'https://invest.example.test' });
    try {
      const page = await secure.app.inject('/');
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const data = await secure.app.inject('/api/market/btc');
      expect(data.headers['strict-transport-security']).toBe(page.headers['strict-transport-security']);
      expect(data.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await secure.close();
    }
  });

  it('with METRICS_TOKEN, /metrics needs that bearer token from anywhere', async () => {
    const token = 'metrics-token-0123456789';
    const withToken = await createTestApp({ METRICS_TOKEN: token });
    try {
      const ask = (authorization?: string, remoteAddress = '203.0.113.5') =>
        withToken.app.inject({ url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });
      expect((await ask(`Bearer ${token}`)).statusCode).toBe(200);
      expect((await ask(`Bearer ${token}x`)).statusCode).toBe(403);
      expect((await ask(undefined, '127.0.0.1')).statusCode).toBe(403);
    } finally {
      await withToken.close();
    }
  });

  it('sends pages a strict Content-Security-Policy with helmet’s headers, and a request id', async () => {
    for (const url of ['/', '/portfolio', '/api/docs', '/terms/fr.pdf', '/robots.txt']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
    const page = String((await t.app.inject('/')).headers['content-security-policy']);
    expect(page).toContain("script-src 'self'");
    expect(page).toContain("frame-ancestors 'none'");
  });

  it('sends data answers (API, health, metrics) a policy that loads nothing, no sniffing, no framing, same-origin reads', async () => {
    for (const url of ['/healthz', '/readyz', '/metrics', '/api/market/btc', '/api/me', '/api/nowhere']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-request-id'], url).toBeTruthy();
      // What only a page does (open windows, send referrers, prefetch) is not said to an answer that is not one.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
  });

  it('stores and reads back 64-bit money integers exactly', async () => {
    const big = 9_007_199_254_740_991; // 2^53 - 1
    await sql`create table money_probe (v bigint not null)`.execute(t.ctx.db);
    await sql`insert into money_probe (v) values (${big})`.execute(t.ctx.db);
    const { rows } = await sql<{ v: number }>`select v from money_probe`.execute(t.ctx.db);
    expect(rows[0]?.v).toBe(big);
    expect(typeof rows[0]?.v).toBe('number');
  });
});
