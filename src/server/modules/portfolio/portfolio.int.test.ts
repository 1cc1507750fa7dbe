import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../core/clock';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { fund } from '../../../../tests/support/money';
import { priceBody, startStubPriceServer, type StubPriceServer } from '../../../../tests/support/price-stub';
import { createUser, type TestUser } from '../../../../tests/support/users';

describe(`GET /api/portfolio (${testDialect})`, () => {
  let t: TestApp;
  let stub: StubPriceServer;
  let alice: TestUser;

  const get = (who: TestUser | null, url = '/api/portfolio') =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const invest = async (who: TestUser, area: string, amount: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { area, amount },
      headers: { cookie: who.cookie },
    });
    expect(res.statusCode).toBe(201);
    return res.json().investment.id as string;
  };
  const setPrice = async (amount: string) => {
    stub.behave({ status: 200, body: priceBody(amount) });
    t.app.services.prices.invalidate();
    await t.app.services.prices.current();
  };

  beforeAll(async () => {
    stub = await startStubPriceServer();
    t = await createTestApp({
      BTC_PRICE_URL: stub.url,
      BTC_PRICE_TIMEOUT_MS: '300',
      BTC_PRICE_TTL_S: '60',
      PRICE_STALE_AFTER_S: '900',
    });
    alice = await createUser(t);
    await fund(t.ctx, alice.id, 1_000_000);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('refuses anonymous callers', async () => {
    expect((await get(null)).statusCode).toBe(401);
  });

  it('is empty with zero totals and a 0.00 ROI before any investment', async () => {
    const body = (await get(alice)).json();
    expect(body.stats).toEqual({ totalValue: '0.00', invested: '0.00', gain: '0.00', roi: '0.00' });
    expect(body.investments).toEqual([]);
    expect(body.allocation.map((a: { area: string; value: string }) => [a.area, a.value])).toEqual([
      ['crypto', '0.00'],
      ['trading', '0.00'],
      ['stocks', '0.00'],
      ['real_estate', '0.00'],
    ]);
  });

  it('values crypto at the BTC price since the investment, the other areas at their stored value', async () => {
    await setPrice('60000.00');
    await invest(alice, 'crypto', '300.00');
    await invest(alice, 'stocks', '200.00');
    await invest(alice, 'real_estate', '150.00');
    const trading = await invest(alice, 'trading', '100.00');
    await setPrice('66000.00');
    const body = (await get(alice)).json();
    expect(body.stats).toEqual({ totalValue: '780.00', invested: '750.00', gain: '30.00', roi: '4.00' });
    const byArea = Object.fromEntries(
      body.allocation.map((a: { area: string; value: string; invested: string }) => [a.area, [a.value, a.invested]]),
    );
    expect(byArea).toEqual({
      crypto: ['330.00', '300.00'],
      stocks: ['200.00', '200.00'],
      real_estate: ['150.00', '150.00'],
      trading: ['100.00', '100.00'],
    });
    expect(body.price).toMatchObject({ btc: '66000.00', stale: false });
    expect(body.investments).toHaveLength(4);
    expect(body.investments.find((i: { area: string }) => i.area === 'crypto')).toMatchObject({
      amount: '300.00',
      currentValue: '330.00',
      btcPriceAtInvestment: '60000.00',
      lockDaysLeft: 5,
      isActive: true,
    });
    expect(body.investments.find((i: { id: string }) => i.id === trading)).toMatchObject({
      currentValue: '100.00',
      lockDaysLeft: 5,
    });
  });

  it('shows a loss with a negative ROI when BTC falls', async () => {
    await setPrice('30000.00');
    const body = (await get(alice)).json();
    expect(body.stats).toEqual({ totalValue: '600.00', invested: '750.00', gain: '-150.00', roi: '-20.00' });
  });

  it('flags an old price as stale and keeps valuing with it; counts lock days down', async () => {
    stub.behave({ status: 503, body: 'down' });
    t.clock.advance(2 * DAY_MS);
    t.app.services.prices.invalidate();
    const body = (await get(alice)).json();
    expect(body.price).toMatchObject({ btc: '30000.00', stale: true });
    expect(body.price.ageSeconds).toBeGreaterThanOrEqual(2 * 86_400);
    expect(body.stats.totalValue).toBe('600.00');
    expect(body.investments.every((i: { lockDaysLeft: number }) => i.lockDaysLeft === 3)).toBe(true);
  });

  it('falls back to stored values when no price was ever obtained', async () => {
    await t.ctx.db.deleteFrom('price_snapshot').execute();
    t.app.services.prices.invalidate();
    const body = (await get(alice)).json();
    expect(body.price).toEqual({ btc: null, fetchedAt: null, ageSeconds: null, stale: true });
    expect(body.stats).toEqual({ totalValue: '750.00', invested: '750.00', gain: '0.00', roi: '0.00' });
  });

  it('drops a stopped investment and never shows another person’s', async () => {
    stub.behave({ status: 200, body: priceBody('60000.00') });
    t.app.services.prices.invalidate();
    const bob = await createUser(t);
    await fund(t.ctx, bob.id, 10_000);
    await invest(bob, 'stocks', '10.00');
    t.clock.advance(3 * DAY_MS);
    const list = (await get(alice)).json().investments as Array<{ id: string; area: string; lockDaysLeft: number }>;
    expect(list.every((i) => i.lockDaysLeft === 0)).toBe(true);
    const stocks = list.find((i) => i.area === 'stocks')!;
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/investments/${stocks.id}/stop`,
      headers: { cookie: alice.cookie },
    });
    expect(stop.json().credited).toBe('200.00');
    const after = (await get(alice)).json();
    expect(after.investments.map((i: { id: string }) => i.id)).not.toContain(stocks.id);
    expect(after.stats.invested).toBe('550.00');
    expect((await get(bob)).json().stats.invested).toBe('10.00');
  });

  it('pages the active investments newest first while the stats count every one', async () => {
    const carol = await createUser(t);
    await fund(t.ctx, carol.id, 1_000_000);
    const made: string[] = [];
    for (let k = 0; k < 120; k++) {
      made.push(await invest(carol, ['stocks', 'trading', 'real_estate'][k % 3]!, '1.00'));
      // Same-millisecond investments are ordered by id: move on only now and then.
      if (k % 7 === 0) t.clock.advance(1_000);
    }
    const first = (await get(carol)).json();
    expect(first.activeCount).toBe(120);
    expect(first.stats.invested).toBe('120.00');
    expect(first.investments).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));

    const seen: Array<{ id: string; createdAt: string }> = [...first.investments];
    let cursor: string | null = first.nextCursor;
    while (cursor) {
      const res = await get(carol, `/api/portfolio/investments?cursor=${cursor}&limit=30`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.investments.length).toBeLessThanOrEqual(30);
      seen.push(...page.investments);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((i) => i.id))).toEqual(new Set(made));
    const order = seen.map((i) => `${i.createdAt}|${i.id}`);
    expect(order).toEqual([...order].sort().reverse());

    // Another person with the same cursor only ever gets their own investments.
    const others = (await get(alice, `/api/portfolio/investments?cursor=${first.nextCursor}`)).json()
      .investments as Array<{ id: string }>;
    expect(others.some((i) => made.includes(i.id))).toBe(false);
  });

  it('credits on stop exactly the value the portfolio showed at the same BTC price (one valuation rule)', async () => {
    const bob = await createUser(t);
    await fund(t.ctx, bob.id, 1_000_000);
    await setPrice('61234.57');
    const id = await invest(bob, 'crypto', '123.45');
    // An uneven ratio, so that any difference in rounding between two copies of the rule would show.
    await setPrice('97531.13');
    t.clock.advance(5 * DAY_MS + 1_000);
    const shown = ((await get(bob)).json().investments as Array<{ id: string; currentValue: string }>).find(
      (i) => i.id === id,
    )!;
    expect(shown.currentValue).toBe('196.62');
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/investments/${id}/stop`,
      headers: { cookie: bob.cookie },
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.json().credited).toBe(shown.currentValue);
  });

  it.each([['not-base64!'], ['bm90IGpzb24'], [Buffer.from('[1,2]').toString('base64url')], ['x'.repeat(201)]])(
    'refuses the cursor %s with a 400',
    async (cursor) => {
      const res = await get(alice, `/api/portfolio/investments?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    },
  );

  it('refuses anonymous callers on the pages too', async () => {
    expect((await get(null, '/api/portfolio/investments')).statusCode).toBe(401);
  });
});
