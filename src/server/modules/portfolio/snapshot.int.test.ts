import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../core/clock';
import { monthEnd, monthKey } from '../../../core/valuation';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { fund } from '../../../../tests/support/money';
import { priceBody, startStubPriceServer, type StubPriceServer } from '../../../../tests/support/price-stub';
import { createUser, type TestUser } from '../../../../tests/support/users';
import { runLeasedJob } from '../../jobs/lease';
import { catchUp, snapshotMonth } from './snapshot';

describe(`monthly performance snapshots (${testDialect})`, () => {
  let t: TestApp;
  let stub: StubPriceServer;
  let alice: TestUser;
  let bob: TestUser;
  const months: string[] = [];

  const as = (who: TestUser) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } }),
    post: (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie: who.cookie } }),
  });
  const invest = async (who: TestUser, area: string, amount: string) => {
    const res = await as(who).post('/api/investments', { area, amount });
    expect(res.statusCode).toBe(201);
    return res.json().investment.id as string;
  };
  /** Stores a BTC price snapshot now, as the refresh job would. */
  const priceNow = async (amount: string) => {
    stub.behave({ body: priceBody(amount) });
    t.app.services.prices.invalidate();
    expect((await t.app.services.prices.current())?.source).toBe('live');
  };
  /** Moves the clock to the second day of the next month. */
  const nextMonth = () => {
    const now = t.clock.now();
    t.clock.advance(monthEnd(monthKey(now)).getTime() - now.getTime() + DAY_MS);
  };
  const rows = () =>
    t.ctx.db
      .selectFrom('performance_history')
      .selectAll()
      .orderBy('month')
      .orderBy('user_id')
      .execute()
      .then((all) =>
        all.map((r) => ({
          user: r.user_id,
          month: r.month,
          crypto: Number(r.crypto_cents),
          stocks: Number(r.stocks_cents),
          realEstate: Number(r.real_estate_cents),
          trading: Number(r.trading_cents),
          writtenAt: r.written_at,
        })),
      );

  beforeAll(async () => {
    stub = await startStubPriceServer();
    t = await createTestApp({ BTC_PRICE_URL: stub.url, BTC_PRICE_TIMEOUT_MS: '500' });
    alice = await createUser(t);
    bob = await createUser(t);
    await fund(t.ctx, alice.id, 100_000);
    await fund(t.ctx, bob.id, 100_000);

    // Month A: Alice invests in stocks and in crypto at $65,000; BTC ends the month at $78,000.
    months.push(monthKey(t.clock.now()));
    await priceNow('65000.00');
    const stocks = await invest(alice, 'stocks', '100.00');
    await invest(alice, 'crypto', '200.00');
    await priceNow('78000.00');
    // Month B: Bob starts in real estate, Alice stops her stocks; BTC at $91,000.
    nextMonth();
    months.push(monthKey(t.clock.now()));
    await invest(bob, 'real_estate', '50.00');
    t.clock.advance(5 * DAY_MS);
    expect((await as(alice).post(`/api/investments/${stocks}/stop`)).statusCode).toBe(200);
    await priceNow('91000.00');
    // Month C: the current one.
    nextMonth();
    months.push(monthKey(t.clock.now()));
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const expected = () => [
    { user: alice.id, month: months[0], crypto: 24_000, stocks: 10_000, realEstate: 0, trading: 0 },
    ...[
      { user: alice.id, month: months[1], crypto: 28_000, stocks: 0, realEstate: 0, trading: 0 },
      { user: bob.id, month: months[1], crypto: 0, stocks: 0, realEstate: 5_000, trading: 0 },
    ].sort((a, b) => (a.user < b.user ? -1 : 1)),
  ];

  it('before any snapshot run, the closed months are valued now, as the run will value them, and nothing is written', async () => {
    const list = (await as(alice).get('/api/portfolio/history')).json().months;
    expect(list[9]).toEqual({
      month: months[0],
      crypto: '240.00',
      stocks: '100.00',
      realEstate: '0.00',
      trading: '0.00',
    });
    expect(list[10]).toEqual({
      month: months[1],
      crypto: '280.00',
      stocks: '0.00',
      realEstate: '0.00',
      trading: '0.00',
    });
    expect((await as(bob).get('/api/portfolio/history')).json().months[10]).toEqual({
      month: months[1],
      crypto: '0.00',
      stocks: '0.00',
      realEstate: '50.00',
      trading: '0.00',
    });
    expect(await rows()).toEqual([]);
  });

  it('catches up every closed month at start, valued at each month end', async () => {
    expect(await catchUp(t.ctx)).toEqual([months[0], months[1]]);
    expect((await rows()).map(({ writtenAt: _, ...r }) => r)).toEqual(expected());
  });

  it('is idempotent: a second run writes nothing and rewrites nothing', async () => {
    const before = await rows();
    expect(await catchUp(t.ctx)).toEqual([]);
    expect(await snapshotMonth(t.ctx, months[0]!)).toBe(0);
    expect(await snapshotMonth(t.ctx, months[1]!)).toBe(0);
    expect(await rows()).toEqual(before);
  });

  it('two concurrent runs write each row once', async () => {
    await t.ctx.db.deleteFrom('performance_history').execute();
    await t.ctx.db.deleteFrom('performance_snapshot_run').execute();
    const [a, b] = await Promise.all([snapshotMonth(t.ctx, months[1]!), snapshotMonth(t.ctx, months[1]!)]);
    expect(a + b).toBe(2);
    await Promise.all([catchUp(t.ctx), catchUp(t.ctx), catchUp(t.ctx)]);
    const all = await rows();
    expect(all.map(({ writtenAt: _, ...r }) => r)).toEqual(expected());
    expect(await t.ctx.db.selectFrom('performance_snapshot_run').select('month').orderBy('month').execute()).toEqual([
      { month: months[0] },
      { month: months[1] },
    ]);
  });

  it('runs on one instance only: of two instances ticking at once, one takes the lease', async () => {
    await t.ctx.db.deleteFrom('job_lease').execute();
    let runs = 0;
    const work = async () => {
      runs += 1;
      await catchUp(t.ctx);
    };
    const deps = { db: t.ctx.db, clock: t.clock };
    const one = runLeasedJob(deps, 'performance-snapshot', 3_600_000, work, 'instance-1', 3_600_000);
    const two = runLeasedJob(deps, 'performance-snapshot', 3_600_000, work, 'instance-2', 3_600_000);
    const results = await Promise.all([one.tick(), two.tick()]);
    await Promise.all([one.stop(), two.stop()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it('GET /api/portfolio/history gives 12 months: closed ones from the snapshots, the current one live', async () => {
    const res = await as(alice).get('/api/portfolio/history');
    expect(res.statusCode).toBe(200);
    const list = res.json().months as Array<{ month: string }>;
    expect(list).toHaveLength(12);
    expect(list[11]).toEqual({
      month: months[2],
      crypto: '280.00',
      stocks: '0.00',
      realEstate: '0.00',
      trading: '0.00',
    });
    expect(list[10]).toEqual({
      month: months[1],
      crypto: '280.00',
      stocks: '0.00',
      realEstate: '0.00',
      trading: '0.00',
    });
    expect(list[9]).toEqual({
      month: months[0],
      crypto: '240.00',
      stocks: '100.00',
      realEstate: '0.00',
      trading: '0.00',
    });
    expect(list[0]).toMatchObject({ crypto: '0.00', stocks: '0.00' });
    const bobs = (await as(bob).get('/api/portfolio/history')).json().months;
    expect(bobs[10]).toEqual({
      month: months[1],
      crypto: '0.00',
      stocks: '0.00',
      realEstate: '50.00',
      trading: '0.00',
    });
    expect((await t.app.inject('/api/portfolio/history')).statusCode).toBe(401);
  });

  it('at the turn of the month, the month that just closed shows its value, not $0, before the hourly run records it', async () => {
    await catchUp(t.ctx);
    await priceNow('100000.00');
    nextMonth();
    const turned = monthKey(t.clock.now());
    const list = (await as(alice).get('/api/portfolio/history')).json().months;
    // Month C has just closed (valued at its last price, $100,000); the new month is live.
    expect(list[10]).toEqual({
      month: months[2],
      crypto: '307.69',
      stocks: '0.00',
      realEstate: '0.00',
      trading: '0.00',
    });
    expect(list[11]).toEqual({ month: turned, crypto: '307.69', stocks: '0.00', realEstate: '0.00', trading: '0.00' });
    expect((await rows()).filter((r) => r.month === months[2])).toEqual([]);
    // The run then records the same figures.
    expect(await catchUp(t.ctx)).toEqual([months[2]]);
    expect((await as(alice).get('/api/portfolio/history')).json().months.slice(10)).toEqual(list.slice(10));
    expect((await rows()).filter((r) => r.month === months[2] && r.user === alice.id).map((r) => r.crypto)).toEqual([
      30_769,
    ]);
  });
});
