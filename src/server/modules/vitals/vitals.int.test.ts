import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { vitalsRoutes } from '../../../contracts/vitals';

/** The value of the sample of `name` whose labels include every pair given, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const line = text.split('\n').find((l) => {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) return false;
    return Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const lcp = 'atlas_web_vitals_lcp_seconds';
const inp = 'atlas_web_vitals_inp_seconds';
const cls = 'atlas_web_vitals_cls';

describe(`real-user vitals in /metrics (${testDialect})`, () => {
  let t: TestApp;
  const metrics = async () => {
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const beacon = (body: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/vitals',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      remoteAddress,
    });

  beforeAll(async () => {
    t = await createTestApp({ VITALS_BEACONS_PER_MINUTE: '1000' });
  });
  afterAll(async () => t.close());

  it('reads back a beacon as histograms per route pattern, without a session', async () => {
    const res = await beacon({
      vitals: [
        { route: '/portfolio', name: 'LCP', value: 1800 },
        { route: '/portfolio', name: 'INP', value: 120 },
        { route: '/portfolio', name: 'CLS', value: 0.02 },
        { route: '/', name: 'LCP', value: 3100 },
      ],
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    // A data answer: nothing to render, nothing to keep.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');

    const text = await metrics();
    expect(text).toContain(`# TYPE ${lcp} histogram`);
    expect(sample(text, `${lcp}_count`, { route: '/portfolio' })).toBe(1);
    expect(sample(text, `${lcp}_sum`, { route: '/portfolio' })).toBeCloseTo(1.8);
    expect(sample(text, `${lcp}_bucket`, { route: '/portfolio', le: '1.5' })).toBe(0);
    expect(sample(text, `${lcp}_bucket`, { route: '/portfolio', le: '2' })).toBe(1);
    expect(sample(text, `${lcp}_bucket`, { route: '/', le: '2.5' })).toBe(0);
    expect(sample(text, `${lcp}_bucket`, { route: '/', le: '4' })).toBe(1);
    expect(sample(text, `${inp}_sum`, { route: '/portfolio' })).toBeCloseTo(0.12);
    expect(sample(text, `${inp}_bucket`, { route: '/portfolio', le: '0.1' })).toBe(0);
    expect(sample(text, `${inp}_bucket`, { route: '/portfolio', le: '0.15' })).toBe(1);
    expect(sample(text, `${cls}_bucket`, { route: '/portfolio', le: '0.025' })).toBe(1);
    expect(sample(text, `${cls}_count`, { route: '/portfolio' })).toBe(1);
    expect(sample(text, `${inp}_count`, { route: '/' })).toBeUndefined();

    // A second page view of the same route adds to the same series.
    expect((await beacon({ vitals: [{ route: '/portfolio', name: 'LCP', value: 900 }] })).statusCode).toBe(204);
    const after = await metrics();
    expect(sample(after, `${lcp}_count`, { route: '/portfolio' })).toBe(2);
    expect(sample(after, `${lcp}_bucket`, { route: '/portfolio', le: '1' })).toBe(1);
  });

  it('refuses what is not a known route, a known vital or a plausible value, and records none of it', async () => {
    const before = await metrics();
    const refused: Array<[unknown, number]> = [
      [{ vitals: [{ route: '/portfolio/123', name: 'LCP', value: 1000 }] }, 400], // a URL, not a pattern
      [{ vitals: [{ route: '/admin/users?q=alice@example.com', name: 'LCP', value: 1000 }] }, 400],
      [{ vitals: [{ route: '/nowhere', name: 'LCP', value: 1000 }] }, 400],
      [{ vitals: [{ route: '/', name: 'FID', value: 10 }] }, 400],
      [{ vitals: [{ route: '/', name: 'LCP', value: -1 }] }, 400],
      [{ vitals: [{ route: '/', name: 'CLS', value: 101 }] }, 400],
      [{ vitals: [{ route: '/', name: 'INP', value: 1e9 }] }, 400],
      [{ vitals: [{ route: '/', name: 'INP', value: '120' }] }, 400],
      [{ vitals: [{ route: '/', name: 'LCP', value: 1000, id: 'v5-123', url: 'https://x/portfolio' }] }, 400],
      [{ vitals: [{ route: '/', name: 'LCP', value: 1000 }], user: 'alice' }, 400],
      [{ vitals: [] }, 400],
      [{ vitals: Array.from({ length: 13 }, () => ({ route: '/', name: 'LCP', value: 1 })) }, 400],
      ['{"vitals": [', 400],
      [{ vitals: [{ route: '/', name: 'LCP', value: 1, pad: 'x'.repeat(5000) }] }, 413],
    ];
    for (const [body, status] of refused) {
      const res = await beacon(body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
    }
    // A good entry next to a bad one: the whole beacon is refused, nothing is half-recorded.
    const mixed = await beacon({
      vitals: [
        { route: '/invest', name: 'LCP', value: 1000 },
        { route: '/invest/1', name: 'LCP', value: 1000 },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    // From another site: refused like every state-changing request.
    const crossSite = await beacon(
      { vitals: [{ route: '/invest', name: 'LCP', value: 1000 }] },
      {
        origin: 'https://elsewhere.example',
      },
    );
    expect(crossSite.statusCode).toBe(403);

    const after = await metrics();
    const vitalLines = (text: string) => text.split('\n').filter((l) => l.startsWith('atlas_web_vitals_'));
    expect(vitalLines(after)).toEqual(vitalLines(before));
    // Whatever was sent, the route label only ever takes the known patterns.
    const routes = new Set(vitalLines(after).map((l) => /route="([^"]*)"/.exec(l)?.[1]));
    for (const route of routes) expect(vitalsRoutes as readonly (string | undefined)[]).toContain(route);
  });

  it('counts a screen that did not load in a browser as a client error, by route and kind (decision 048)', async () => {
    const report = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const errors = 'atlas_web_client_errors_total';
    expect((await report({ route: '/invest', kind: 'screen_load_timeout' })).statusCode).toBe(204);
    expect((await report({ route: '/invest', kind: 'screen_load_timeout' })).statusCode).toBe(204);
    expect((await report({ route: '/cashier', kind: 'screen_load_failed' })).statusCode).toBe(204);
    // Only a known route and kind, nothing more: no label value comes from a browser.
    for (const bad of [
      { route: '/invest/123', kind: 'screen_load_timeout' },
      { route: '/invest', kind: 'anything' },
      { route: '/invest', kind: 'screen_load_failed', url: 'https://x.test/' },
      {},
    ])
      expect((await report(bad)).statusCode).toBe(400);
    const text = await metrics();
    expect(text).toContain(`# TYPE ${errors} counter`);
    expect(sample(text, errors, { route: '/invest', kind: 'screen_load_timeout' })).toBe(2);
    expect(sample(text, errors, { route: '/cashier', kind: 'screen_load_failed' })).toBe(1);
    expect(sample(text, errors, { route: '/invest/123' })).toBeUndefined();
  });
});

describe(`the vitals beacon's own rate limit (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VITALS_BEACONS_PER_MINUTE: '3', API_WRITES_PER_MINUTE: '1000' });
  });
  afterAll(async () => t.close());

  it('answers 429 past the limit per address, counts nothing more, and leaves other addresses alone', async () => {
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/vitals',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ vitals: [{ route: '/charts', name: 'CLS', value: 0 }] }),
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await send('10.0.0.7')).statusCode).toBe(204);
    const over = await send('10.0.0.7');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await send('10.0.0.8')).statusCode).toBe(204);
    const text = (await t.app.inject('/metrics')).body;
    expect(sample(text, `${cls}_count`, { route: '/charts' })).toBe(4);
  });
});
