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

  it('allows exactly the TradingView hosts, only on the embed document and its script', async () => {
    for (const url of ['/embed/charts.html', '/embed/charts.js']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'", 'https://s3.tradingview.com'].sort());
      expect(csp['frame-src']).toEqual(['https://s.tradingview.com', 'https://www.tradingview-widget.com']);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      const hosts = String(res.headers['content-security-policy']).match(/https:\/\/[^\s;]+/g) ?? [];
      expect(hosts.every((h) => /^https:\/\/(s3|s|www)\.tradingview(-widget)?\.com$/.test(h))).toBe(true);
    }
  });

  it('keeps the strict policy everywhere else', async () => {
    for (const url of ['/api/market/btc', '/api/nope', '/healthz']) {
      const csp = String((await t.app.inject(url)).headers['content-security-policy']);
      expect(csp).not.toContain('tradingview');
      expect(directives(csp)['script-src']).toEqual(["'self'"]);
      expect(directives(csp)['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('serves a document with the three widgets and a script that parses', async () => {
    const html = (await t.app.inject('/embed/charts.html')).body;
    expect(html).toContain('<script src="/embed/charts.js"></script>');
    for (const id of ['chart', 'top', 'overview']) expect(html).toContain(`id="${id}"`);
    const js = await t.app.inject('/embed/charts.js');
    expect(js.headers['content-type']).toContain('text/javascript');
    expect(() => new Function(js.body)).not.toThrow();
    for (const name of ['Bitcoin', 'Ethereum', 'BNB', 'Solana', 'XRP', 'Cardano', 'BINANCE:BTCUSDT', '"locale":"en"']) expect(js.body).toContain(name);
  });
});
