import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coinToCents, pricedAssets, type PricedAsset } from '../../../core/coins';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { priceBody, startStubPriceServer, type StubPriceServer } from '../../../../tests/support/price-stub';
import { insertSnapshot } from './market.repo';
import { createPriceService } from './market.service';
import { createRateService, type RateService } from './rates.service';

describe(`coin rates (${testDialect})`, () => {
  let t: TestApp;
  let stub: StubPriceServer;
  let rates: RateService;

  beforeAll(async () => {
    stub = await startStubPriceServer();
    t = await createTestApp({
      BTC_PRICE_URL: stub.urlOf('BTC'),
      LTC_PRICE_URL: stub.urlOf('LTC'),
      SOL_PRICE_URL: stub.urlOf('SOL'),
      USDT_PRICE_URL: stub.urlOf('USDT'),
      BTC_PRICE_TIMEOUT_MS: '1000',
      BTC_PRICE_TTL_S: '60',
      PRICE_STALE_AFTER_S: '900',
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const answers: Record<PricedAsset, string> = { BTC: '65000.00', LTC: '85.12', SOL: '142.379999', USDT: '0.999871' };
  const fresh = () => createRateService(t.ctx, createPriceService(t.ctx));

  beforeEach(async () => {
    await t.ctx.db.deleteFrom('price_snapshot').execute();
    for (const a of pricedAssets) stub.behave({ status: 200, body: priceBody(answers[a], a), delayMs: 0 }, a);
    stub.hits = 0;
    rates = fresh();
    for (const a of pricedAssets) t.app.services.rates.invalidate(a);
  });

  const rows = (symbol: string) =>
    t.ctx.db.selectFrom('price_snapshot').selectAll().where('symbol', '=', symbol).orderBy('fetched_at').execute();

  it('fetches each coin from its own feed and stores its rate exact to the micro-dollar', async () => {
    const usdt = await rates.current('USDT');
    expect(usdt).toMatchObject({ rateMicros: 999_871n, priceCents: 100, source: 'live', stale: false });
    expect(await rates.current('SOL')).toMatchObject({ rateMicros: 142_379_999n, priceCents: 14_238 });
    expect(await rates.current('LTC')).toMatchObject({ rateMicros: 85_120_000n, priceCents: 8_512 });
    expect(await rates.current('BTC')).toMatchObject({ rateMicros: 65_000_000_000n, priceCents: 6_500_000 });
    for (const a of pricedAssets) expect(stub.hitsOf(a), a).toBe(1);
    const stored = await rows('USDT-USD');
    expect(stored).toHaveLength(1);
    expect(Number(stored[0]!.price_micros)).toBe(999_871);
    expect(Number(stored[0]!.price_cents)).toBe(100);
    expect((await rows('SOL-USD')).map((r) => Number(r.price_micros))).toEqual([142_379_999]);
  });

  it('serves each coin from the cache within the TTL, then asks its feed again', async () => {
    await rates.current('SOL');
    t.clock.advance(30_000);
    stub.behave({ body: priceBody('150.00', 'SOL') }, 'SOL');
    expect(await rates.current('SOL')).toMatchObject({ rateMicros: 142_379_999n, source: 'cache' });
    expect(stub.hitsOf('SOL')).toBe(1);
    // Another instance reads the stored snapshot rather than the feed.
    expect(await fresh().current('SOL')).toMatchObject({ rateMicros: 142_379_999n, source: 'cache' });
    expect(stub.hitsOf('SOL')).toBe(1);
    t.clock.advance(31_000);
    expect(await rates.current('SOL')).toMatchObject({ rateMicros: 150_000_000n, source: 'live' });
    expect(stub.hitsOf('SOL')).toBe(2);
    expect(stub.hitsOf('LTC')).toBe(0);
  });

  it('gives a conversion the fresh rate, and the dollars follow from it', async () => {
    const rate = await rates.forConversion('USDT_TRC20');
    expect(rate).toEqual({ ok: true, coin: 'USDT_TRC20', rateMicros: 999_871n, fetchedAt: expect.any(String) });
    // 250.5 USDT at $0.999871 = $250.4676855 → $250.46
    expect(coinToCents('USDT_TRC20', 250_500_000n, rate.ok ? rate.rateMicros : 0n)).toBe(25_046);
  });

  it('a stale rate is shown but refused to a conversion; a recent one survives a failing feed', async () => {
    await rates.current('LTC');
    stub.behave({ status: 503 }, 'LTC');
    t.clock.advance(120_000);
    const other = fresh();
    expect(await other.current('LTC')).toMatchObject({ source: 'snapshot', stale: false, rateMicros: 85_120_000n });
    expect(await other.forConversion('LTC')).toMatchObject({ ok: true, rateMicros: 85_120_000n });

    t.clock.advance(900_000);
    const later = fresh();
    expect(await later.current('LTC')).toMatchObject({ source: 'snapshot', stale: true, rateMicros: 85_120_000n });
    expect(await later.forConversion('LTC')).toEqual({ ok: false, coin: 'LTC', reason: 'stale' });
    expect(await later.forConversion('BTC')).toMatchObject({ ok: true });
  });

  it('a slow feed times out into "unavailable" when nothing was ever stored: no rate is made up', async () => {
    stub.behave({ delayMs: 5_000 }, 'SOL');
    const started = Date.now();
    expect(await rates.current('SOL')).toBeNull();
    expect(await rates.forConversion('SOL')).toEqual({ ok: false, coin: 'SOL', reason: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await rows('SOL-USD')).toHaveLength(0);
    // Another coin's rate is not lent to it.
    expect(await rates.forConversion('BTC')).toMatchObject({ ok: true });
    expect(await rates.forConversion('SOL')).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('a slow feed times out into the stale state once the stored rate is old', async () => {
    await rates.current('USDT');
    t.clock.advance(3_600_000);
    stub.behave({ delayMs: 5_000 }, 'USDT');
    const later = fresh();
    expect(await later.current('USDT')).toMatchObject({ source: 'snapshot', stale: true, rateMicros: 999_871n });
    expect(await later.forConversion('USDT_TRC20')).toEqual({ ok: false, coin: 'USDT_TRC20', reason: 'stale' });
  });

  it.each([
    ['another coin’s answer', priceBody('65000.00', 'BTC')],
    ['another currency', JSON.stringify({ data: { amount: '85.00', base: 'LTC', currency: 'EUR' } })],
    ['a JSON number', priceBody(85, 'LTC')],
    ['an exponent', priceBody('8.5e1', 'LTC')],
    ['zero', priceBody('0.00', 'LTC')],
    ['a rate beyond the bound', priceBody('1000000000.01', 'LTC')],
  ])('refuses %s on the LTC feed: stores nothing, no rate', async (_label, body) => {
    stub.behave({ body }, 'LTC');
    expect(await rates.current('LTC')).toBeNull();
    expect(await rates.forConversion('LTC')).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(await rows('LTC-USD')).toHaveLength(0);
  });

  it('reads a feed that names no pair, as BTC’s always has been', async () => {
    stub.behave({ body: JSON.stringify({ data: { amount: '86.50' } }) }, 'LTC');
    expect(await rates.current('LTC')).toMatchObject({ rateMicros: 86_500_000n });
  });

  it('reads a snapshot stored before micro-dollars were kept as its cents', async () => {
    await insertSnapshot(t.ctx.db, 'BTC-USD', 6_400_010, t.clock.now().toISOString());
    expect(await rates.current('BTC')).toMatchObject({ rateMicros: 64_000_100_000n, source: 'cache' });
    expect(stub.hitsOf('BTC')).toBe(0);
  });

  it('the refresh job’s pass fetches every coin, and one dead feed does not hold back the others', async () => {
    stub.behave({ delayMs: 5_000 }, 'SOL');
    await rates.refresh();
    for (const a of ['BTC', 'LTC', 'USDT'] as const) expect(await rows(`${a}-USD`), a).toHaveLength(1);
    expect(await rows('SOL-USD')).toHaveLength(0);
  });

  describe('over HTTP', () => {
    it('GET /api/market/rates gives every deposit coin’s rate, its time, age and state', async () => {
      const res = await t.app.inject('/api/market/rates');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().rates).toEqual([
        expect.objectContaining({ coin: 'BTC', asset: 'BTC', decimals: 8, rate: '65000.00', state: 'fresh' }),
        expect.objectContaining({ coin: 'LTC', asset: 'LTC', decimals: 8, rate: '85.12', state: 'fresh' }),
        expect.objectContaining({ coin: 'USDT_TRC20', asset: 'USDT', decimals: 6, rate: '0.999871', ageSeconds: 0 }),
        expect.objectContaining({ coin: 'SOL', asset: 'SOL', decimals: 9, rate: '142.379999', source: 'live' }),
      ]);
    });

    it('says stale with the age, and unavailable with no rate', async () => {
      await t.app.inject('/api/market/rates');
      stub.behave({ status: 500 }, 'LTC');
      stub.behave({ status: 500 }, 'SOL');
      t.clock.advance(2 * 3_600_000);
      await t.ctx.db.deleteFrom('price_snapshot').where('symbol', '=', 'SOL-USD').execute();
      for (const a of pricedAssets) t.app.services.rates.invalidate(a);
      const ltc = (await t.app.inject('/api/market/rates/LTC')).json();
      expect(ltc).toMatchObject({ coin: 'LTC', rate: '85.12', state: 'stale', source: 'snapshot' });
      expect(ltc.ageSeconds).toBeGreaterThanOrEqual(7_200);
      expect((await t.app.inject('/api/market/rates/SOL')).json()).toEqual({
        coin: 'SOL',
        asset: 'SOL',
        decimals: 9,
        rate: null,
        fetchedAt: null,
        ageSeconds: null,
        state: 'unavailable',
        source: null,
      });
    });

    it.each(['DOGE', 'BNB', 'USDT', 'btc', '%00'])('refuses the coin %j', async (coin) => {
      const res = await t.app.inject(`/api/market/rates/${coin}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    });
  });
});
