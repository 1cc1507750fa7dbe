import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';

const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values.sort()]),
  );

describe(`TradingView embed document (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('boxes the embed: an opaque-origin sandbox, exactly the TradingView hosts, its one inline script by hash', async () => {
    const res = await t.app.inject('/embed/charts.html');
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    // No allow-same-origin: the document (and the provider's script in it) has an opaque origin.
    expect(csp['sandbox']).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-scripts']);
    const hash = createHash('sha256')
      .update(/<script>([\s\S]*?)<\/script>/.exec(res.body)![1]!)
      .digest('base64');
    expect(csp['script-src']).toEqual([`'sha256-${hash}'`, 'https://s3.tradingview.com'].sort());
    expect(csp['frame-src']).toEqual(['https://s.tradingview.com', 'https://www.tradingview-widget.com']);
    // Nothing of ours: not our API (connect), not 'self' anywhere.
    expect(csp['connect-src']).toEqual(['https://s3.tradingview.com']);
    expect(String(res.headers['content-security-policy'])).not.toContain("'self' ");
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    const hosts = String(res.headers['content-security-policy']).match(/https:\/\/[^\s;]+/g) ?? [];
    expect(hosts.every((h) => /^https:\/\/(s3|s|www)\.tradingview(-widget)?\.com$/.test(h))).toBe(true);
    expect((await t.app.inject('/embed/charts.js')).statusCode).toBe(404);
  });

  it('keeps the strict policy everywhere else', async () => {
    for (const url of ['/', '/invest', '/nope', '/api/market/btc', '/api/nope', '/healthz']) {
      const csp = directives(String((await t.app.inject(url)).headers['content-security-policy']));
      expect(JSON.stringify(csp), url).not.toContain('tradingview');
      // Pages run our own scripts only; data answers run none.
      if (url.startsWith('/api/') || url === '/healthz') expect(csp['default-src'], url).toEqual(["'none'"]);
      else expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
    }
  });

  it('serves a document with the three widgets and a script that parses', async () => {
    const html = (await t.app.inject('/embed/charts.html')).body;
    for (const id of ['chart', 'top', 'overview']) expect(html).toContain(`id="${id}"`);
    const js = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(() => new Function(js)).not.toThrow();
    for (const name of ['Bitcoin', 'Ethereum', 'BNB', 'Solana', 'XRP', 'Cardano', 'BINANCE:BTCUSDT', '"locale":"en"'])
      expect(js).toContain(name);
  });
});
