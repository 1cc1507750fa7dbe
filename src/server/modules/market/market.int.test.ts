import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { priceBody, startStubPriceServer, type StubPriceServer } from '../../../../tests/support/price-stub';
import { runLeasedJob } from '../../jobs/lease';
import { tryAcquireLease } from '../../jobs/lease.repo';
import { createPriceService, type PriceService } from './market.service';

describe(`BTC price service (${testDialect})`, () => {
  let t: TestApp;
  let stub: StubPriceServer;
  let prices: PriceService;

  beforeAll(async () => {
    stub = await startStubPriceServer();
    t = await createTestApp({
      BTC_PRICE_URL: stub.url,
      BTC_PRICE_TIMEOUT_MS: '1000',
      BTC_PRICE_TTL_S: '60',
      PRICE_STALE_AFTER_S: '900',
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });
  beforeEach(async () => {
    await t.ctx.db.deleteFrom('price_snapshot').execute();
    await t.ctx.db.deleteFrom('job_lease').execute();
    stub.behave({ status: 200, body: priceBody('65000.00'), delayMs: 0 });
    stub.hits = 0;
    prices = createPriceService(t.ctx);
    t.app.services.prices.invalidate();
  });

  const snapshots = () => t.ctx.db.selectFrom('price_snapshot').selectAll().orderBy('fetched_at').execute();

  it('after invalidate(), an answer to a request made before it is neither cached nor stored', async () => {
    stub.behave({ body: priceBody('60000.00'), delayMs: 120 });
    // Well under the 1 s timeout: on a loaded machine a 200 ms one let this early answer time out.
    const early = prices.current();
    while (stub.hits === 0) await new Promise((r) => setTimeout(r, 5));
    prices.invalidate();
    stub.behave({ body: priceBody('70000.00'), delayMs: 0 });
    const fresh = await prices.current();
    expect(fresh).toMatchObject({ priceCents: 7_000_000, source: 'live' });
    expect((await early)?.priceCents).toBe(6_000_000);
    expect(await prices.current()).toMatchObject({ priceCents: 7_000_000, source: 'cache' });
    expect((await snapshots()).map((r) => Number(r.price_cents))).toEqual([7_000_000]);
  });

  it('fetches live, stores an exact integer snapshot, then serves the cache within the TTL', async () => {
    stub.behave({ body: priceBody('97123.456') });
    const first = await prices.current();
    expect(first).toMatchObject({ priceCents: 9_712_346, source: 'live', stale: false });
    const rows = await snapshots();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.price_cents)).toBe(9_712_346);
    expect(rows[0]!.symbol).toBe('BTC-USD');

    t.clock.advance(30_000);
    const second = await prices.current();
    expect(second).toMatchObject({ priceCents: 9_712_346, source: 'cache' });
    expect(second!.ageMs).toBeGreaterThanOrEqual(30_000);
    expect(stub.hits).toBe(1);

    stub.behave({ body: priceBody('98000.00') });
    t.clock.advance(31_000);
    expect(await prices.current()).toMatchObject({ priceCents: 9_800_000, source: 'live' });
    expect(stub.hits).toBe(2);
    expect(await snapshots()).toHaveLength(2);
  });

  it('shares one provider request among concurrent callers', async () => {
    stub.behave({ delayMs: 50 });
    const results = await Promise.all(Array.from({ length: 10 }, () => prices.current()));
    expect(stub.hits).toBe(1);
    expect(results.every((r) => r?.priceCents === 6_500_000)).toBe(true);
    expect(await snapshots()).toHaveLength(1);
  });

  it('uses a fresh snapshot written by another instance instead of calling the provider', async () => {
    const other = createPriceService(t.ctx);
    await other.current();
    expect(stub.hits).toBe(1);
    expect(await prices.current()).toMatchObject({ priceCents: 6_500_000, source: 'cache' });
    expect(stub.hits).toBe(1);
  });

  it('gives up after the timeout and answers null when no price was ever stored', async () => {
    stub.behave({ delayMs: 5_000 });
    const started = Date.now();
    expect(await prices.current()).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await snapshots()).toHaveLength(0);
  });

  it('falls back to the last snapshot with its age, flagged stale once old', async () => {
    await prices.current();
    t.clock.advance(2 * 3_600_000);
    stub.behave({ delayMs: 5_000 });
    const fallback = await prices.current();
    expect(fallback).toMatchObject({ priceCents: 6_500_000, source: 'snapshot', stale: true });
    expect(fallback!.ageMs).toBeGreaterThanOrEqual(2 * 3_600_000);
    expect(fallback!.ageMs).toBeLessThan(2 * 3_600_000 + 10_000);
  });

  it('a recent fallback is not stale', async () => {
    await prices.current();
    t.clock.advance(120_000);
    stub.behave({ status: 503 });
    expect(await prices.current()).toMatchObject({ source: 'snapshot', stale: false });
  });

  it('does not hammer a failing provider: callers get the snapshot for a while, then it retries', async () => {
    await prices.current();
    t.clock.advance(61_000);
    stub.behave({ status: 500 });
    await prices.current();
    expect(stub.hits).toBe(2);
    await prices.current();
    await prices.current();
    expect(stub.hits).toBe(2);
    stub.behave({ status: 200, body: priceBody('70000.00') });
    t.clock.advance(11_000);
    expect(await prices.current()).toMatchObject({ priceCents: 7_000_000, source: 'live' });
    expect(stub.hits).toBe(3);
  });

  it('a failed background refresh does not hold back the next caller', async () => {
    stub.behave({ status: 500 });
    expect(await prices.refresh()).toBeNull();
    stub.behave({ status: 200, body: priceBody('66000.00') });
    expect(await prices.current()).toMatchObject({ priceCents: 6_600_000, source: 'live' });
  });

  it.each([
    ['a 500', { status: 500, body: priceBody('65000.00') }],
    ['a 404', { status: 404, body: '{}' }],
    ['a redirect', { status: 302, body: '' }],
    ['garbage instead of JSON', { body: '<html>oops</html>' }],
    ['truncated JSON', { body: '{"data":{"amount":"650' }],
    ['JSON null', { body: 'null' }],
    ['no data', { body: '{"errors":[{"id":"not_found"}]}' }],
    ['a negative amount', { body: priceBody('-65000.00') }],
    ['a zero amount', { body: priceBody('0.00') }],
    ['a non-numeric amount', { body: priceBody('sixty-five thousand') }],
    ['an exponent', { body: priceBody('6.5e4') }],
    ['a JSON number instead of a string', { body: priceBody(65000) }],
    ['an absurd amount', { body: priceBody('99999999999999.00') }],
  ])('refuses %s: stores nothing, falls back to the last snapshot', async (_label, behaviour) => {
    stub.behave(behaviour);
    expect(await prices.current()).toBeNull();
    expect(await snapshots()).toHaveLength(0);

    stub.behave({ status: 200, body: priceBody('64000.10') });
    const fresh = createPriceService(t.ctx);
    await fresh.current();
    t.clock.advance(61_000);
    stub.behave(behaviour);
    const again = createPriceService(t.ctx);
    expect(await again.current()).toMatchObject({ priceCents: 6_400_010, source: 'snapshot' });
    expect(await snapshots()).toHaveLength(1);
  });

  it('answers a closed port as a failure, not a crash', async () => {
    const dead = createPriceService({
      ...t.ctx,
      config: {
        ...t.ctx.config,
        price: { ...t.ctx.config.price, urls: { ...t.ctx.config.price.urls, BTC: 'http://127.0.0.1:9/x' } },
      },
    });
    expect(await dead.current()).toBeNull();
  });

  it('returns the history since a date, oldest first, thinned to the requested number of points', async () => {
    for (let i = 0; i < 30; i += 1) {
      stub.behave({ body: priceBody(`${60000 + i}.00`) });
      await prices.refresh();
      t.clock.advance(3_600_000);
    }
    const all = await prices.history(new Date(0));
    expect(all).toHaveLength(30);
    expect(all[0]!.priceCents).toBe(6_000_000);
    expect(all[29]!.priceCents).toBe(6_002_900);
    const recent = await prices.history(new Date(t.clock.now().getTime() - 10.5 * 3_600_000));
    expect(recent.map((s) => s.priceCents)).toEqual(Array.from({ length: 10 }, (_, i) => 6_002_000 + i * 100));
    const thin = await prices.history(new Date(0), 5);
    expect(thin).toHaveLength(5);
    expect(thin[0]!.priceCents).toBe(6_000_000);
    expect(thin[4]!.priceCents).toBe(6_002_900);
  });

  describe('over HTTP', () => {
    it('GET /api/market/btc gives the price as a decimal string with its age', async () => {
      stub.behave({ body: priceBody('65432.10') });
      const res = await t.app.inject('/api/market/btc');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({
        symbol: 'BTC-USD',
        price: '65432.10',
        stale: false,
        source: 'live',
        ageSeconds: 0,
      });
    });

    it('GET /api/market/btc says so when no price is known', async () => {
      stub.behave({ status: 500 });
      const res = await t.app.inject('/api/market/btc');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        symbol: 'BTC-USD',
        price: null,
        fetchedAt: null,
        ageSeconds: null,
        stale: true,
        source: null,
      });
    });

    it('GET /api/market/btc/history lists stored prices and validates days', async () => {
      await prices.refresh();
      const res = await t.app.inject('/api/market/btc/history?days=7');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ symbol: 'BTC-USD', points: [{ price: '65000.00' }] });
      for (const bad of ['0', '366', 'abc', '1.5']) {
        const r = await t.app.inject(`/api/market/btc/history?days=${bad}`);
        expect(r.statusCode, bad).toBe(400);
        expect(r.json().error.code).toBe('validation_failed');
      }
    });
  });

  describe('refresh job lease', () => {
    it('exactly one of many racing instances takes an expired lease', async () => {
      const wins = await Promise.all(
        Array.from({ length: 8 }, (_, i) => tryAcquireLease(t.ctx.db, t.clock, 'race', `holder-${i}`, 10_000)),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
      const holder = `holder-${wins.indexOf(true)}`;
      expect(await tryAcquireLease(t.ctx.db, t.clock, 'race', holder, 10_000)).toBe(true);
      expect(await tryAcquireLease(t.ctx.db, t.clock, 'race', 'someone-else', 10_000)).toBe(false);
      t.clock.advance(10_001);
      expect(await tryAcquireLease(t.ctx.db, t.clock, 'race', 'someone-else', 10_000)).toBe(true);
    });

    it('two instances ticking together fetch and store the price once', async () => {
      const a = createPriceService(t.ctx);
      const b = createPriceService(t.ctx);
      const jobA = runLeasedJob(t.ctx, 'price-refresh', 60_000, async () => void (await a.refresh()), 'instance-a');
      const jobB = runLeasedJob(t.ctx, 'price-refresh', 60_000, async () => void (await b.refresh()), 'instance-b');
      const ran = await Promise.all([jobA.tick(), jobB.tick()]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(stub.hits).toBe(1);
      expect(await snapshots()).toHaveLength(1);
      // The holder keeps its lease at its next tick; the other still stands by.
      const [holder, standby] = ran[0] ? [jobA, jobB] : [jobB, jobA];
      expect(await standby.tick()).toBe(false);
      expect(await holder.tick()).toBe(true);
      expect(stub.hits).toBe(2);
      await Promise.all([jobA.stop(), jobB.stop()]);
    });
  });
});
