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

  it('sends HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    const plain = await t.app.inject('/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    const secure = await createTestApp({ PUBLIC_URL: 'https://invest.example.test' });
    try {
      const res = await secure.app.inject('/healthz');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
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

  it('sends a strict Content-Security-Policy and a request id', async () => {
    const res = await t.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-request-id']).toBeTruthy();
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
