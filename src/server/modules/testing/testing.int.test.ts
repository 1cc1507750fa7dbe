import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { DAY_MS } from '../../../core/clock';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createTestDb, testDialect } from '../../../../tests/support/db';

describe(`test-only routes (${testDialect})`, () => {
  describe('with TEST_CLOCK=true', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TEST_CLOCK: 'true' });
      // The app reads its BTC price from its own stand-in provider, as in the Playwright server.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      t.ctx.config.price.urls.BTC = `http://127.0.0.1:${port}/api/test/btc-price`;
    });
    afterAll(async () => t.close());

    it('moves the app clock forward by whole days and reports the new now', async () => {
      const before = t.ctx.clock.now().getTime();
      const res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceDays: 5 } });
      expect(res.statusCode).toBe(200);
      const now = Date.parse(res.json().now);
      expect(now - before).toBeGreaterThanOrEqual(5 * DAY_MS);
      expect(now - before).toBeLessThan(5 * DAY_MS + 5_000);
      expect(t.ctx.clock.now().getTime()).toBeGreaterThanOrEqual(now);
      const read = await t.app.inject('/api/test/clock');
      expect(Date.parse(read.json().now)).toBeGreaterThanOrEqual(now);
    });

    it.each([[{ advanceDays: -1 }], [{ advanceDays: 1.5 }], [{ advanceDays: '2' }], [{}], [{ advanceDays: 100_000 }]])(
      'refuses a bad clock move %j',
      async (payload) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload });
        expect(res.statusCode).toBe(400);
      },
    );

    it('serves a settable Coinbase-shaped price that the market service reads', async () => {
      const initial = await t.app.inject('/api/test/btc-price');
      expect(initial.json()).toMatchObject({ data: { amount: '65000.00' } });
      expect((await t.app.inject('/api/market/btc')).json()).toMatchObject({ price: '65000.00' });

      const set = await t.app.inject({ method: 'POST', url: '/api/test/btc-price', payload: { amount: '70123.45' } });
      expect(set.statusCode).toBe(200);
      expect((await t.app.inject('/api/test/btc-price')).json()).toMatchObject({ data: { amount: '70123.45' } });
      expect((await t.app.inject('/api/market/btc')).json()).toMatchObject({ price: '70123.45', source: 'live' });
    });

    it('can make the provider fail, so the last snapshot is served', async () => {
      await t.app.inject({ method: 'POST', url: '/api/test/btc-price', payload: { amount: '71000.00' } });
      await t.app.inject('/api/market/btc');
      await t.app.inject({ method: 'POST', url: '/api/test/btc-price', payload: { amount: null } });
      expect((await t.app.inject('/api/test/btc-price')).statusCode).toBe(503);
      await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceDays: 1 } });
      expect((await t.app.inject('/api/market/btc')).json()).toMatchObject({
        price: '71000.00',
        source: 'snapshot',
        stale: true,
      });
    });

    it('serves a settable price per coin, named by its pair, that the rates read', async () => {
      const { port } = t.app.server.address() as AddressInfo;
      for (const asset of ['LTC', 'SOL', 'USDT'] as const)
        t.ctx.config.price.urls[asset] = `http://127.0.0.1:${port}/api/test/price/${asset}`;
      expect((await t.app.inject('/api/test/price/USDT')).json()).toEqual({
        data: { amount: '0.999871', base: 'USDT', currency: 'USD' },
      });
      const set = await t.app.inject({ method: 'POST', url: '/api/test/price/SOL', payload: { amount: '151.123456' } });
      expect(set.statusCode).toBe(200);
      expect((await t.app.inject('/api/market/rates/SOL')).json()).toMatchObject({
        rate: '151.123456',
        state: 'fresh',
        source: 'live',
      });
      // Setting one coin's price leaves the others' alone.
      expect((await t.app.inject('/api/market/rates/LTC')).json()).toMatchObject({ rate: '85.00', state: 'fresh' });
      await t.app.inject({ method: 'POST', url: '/api/test/price/SOL', payload: { amount: null } });
      expect((await t.app.inject('/api/test/price/SOL')).statusCode).toBe(503);
      expect((await t.app.inject('/api/test/price/DOGE')).statusCode).toBe(400);
    });

    it.each([['-5'], ['abc'], ['1e5'], [''], [65000]])('refuses the price %j', async (amount) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/btc-price', payload: { amount } });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('with TEST_CLOCK off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it.each([
      ['POST', '/api/test/clock'],
      ['GET', '/api/test/clock'],
      ['GET', '/api/test/btc-price'],
      ['POST', '/api/test/btc-price'],
    ] as const)('%s %s does not exist', async (method, url) => {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { advanceDays: 5, amount: '1.00' } : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', params: {} } });
    });
  });

  it('production configuration never turns the test clock on: it refuses to start', async () => {
    const db = await createTestDb();
    try {
      expect(() =>
        loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true', DATA_DIR: db.dataDir, AUTH_SECRET: 'x'.repeat(32) }),
      ).toThrow(/TEST_CLOCK: refused with NODE_ENV=production/);
    } finally {
      await db.destroy();
    }
  });
});
