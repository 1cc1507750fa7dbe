import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../core/clock';
import { accountId } from '../../../core/ledger';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { fund, insertBareUser } from '../../../../tests/support/money';
import { userBalances } from '../ledger/ledger.service';
import { verifyLedger } from '../ledger/verify';
import { createInvestingService } from './investing.service';

/**
 * A stop whose value is zero (a crypto investment whose price fell to almost nothing) credits
 * nothing: its movement leaves the available balance untouched, and its answer still shows it.
 */
describe(`a stop worth nothing (${testDialect})`, () => {
  let t: TestApp;
  let price = 6_500_000;
  const investing = () =>
    createInvestingService(t.ctx, {
      prices: { current: async () => ({ priceCents: price }) },
      movements: t.app.services.movements,
    });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A user with 1.00 invested in crypto at 65,000.00 and 49.00 left, the price now 0.01. */
  async function worthlessInvestment() {
    price = 6_500_000;
    const u = await insertBareUser(t.ctx);
    await fund(t.ctx, u.id, 50_00);
    const { investment } = await investing().invest(u.id, { area: 'crypto', amount: '1.00' });
    t.clock.advance(6 * DAY_MS);
    price = 1;
    return { u, investment };
  }

  const stopEntries = (userId: string) =>
    t.ctx.db
      .selectFrom('ledger_entry')
      .innerJoin('ledger_tx', 'ledger_tx.id', 'ledger_entry.tx_id')
      .select(['ledger_entry.account_id', 'ledger_entry.amount_cents'])
      .where('ledger_tx.type', '=', 'stop')
      .where('ledger_tx.user_id', '=', userId)
      .orderBy('ledger_entry.account_id')
      .execute();

  it('closes the investment, credits 0.00, answers the untouched available balance; a replay gets that answer', async () => {
    const { u, investment } = await worthlessInvestment();
    const first = await investing().stop(u.id, investment.id, 'stop-zero');
    expect(first).toMatchObject({
      credited: '0.00',
      balance: '49.00',
      investment: { id: investment.id, isActive: false, currentValue: '0.00' },
    });
    // Money arriving afterwards does not change the answer a replay gets.
    await fund(t.ctx, u.id, 10_00);
    expect(await investing().stop(u.id, investment.id, 'stop-zero')).toEqual(first);
    await expect(investing().stop(u.id, investment.id, 'another-key')).rejects.toMatchObject({
      code: 'investment_not_active',
    });
    await expect(investing().stop(u.id, investment.id)).rejects.toMatchObject({ code: 'investment_not_active' });
    // The principal leaves the invested pool for the platform's P&L; the available balance has no entry.
    expect((await stopEntries(u.id)).map((e) => [e.account_id, Number(e.amount_cents)])).toEqual([
      [accountId({ owner: 'platform', kind: 'platform_pnl' }), 100],
      [accountId({ owner: u.id, kind: 'invested' }), -100],
    ]);
    const row = await t.ctx.db
      .selectFrom('investment')
      .select(['is_active', 'current_value_cents', 'stop_tx_id'])
      .where('id', '=', investment.id)
      .executeTakeFirstOrThrow();
    expect({ ...row, current_value_cents: Number(row.current_value_cents) }).toMatchObject({
      is_active: 0,
      current_value_cents: 0,
    });
    expect(row.stop_tx_id).not.toBeNull();
    expect(await userBalances(t.ctx.db, u.id)).toMatchObject({ available: 59_00, invested: 0 });
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('concurrent stops with one key: one stop, every caller gets the first answer', async () => {
    const { u, investment } = await worthlessInvestment();
    const answers = await Promise.all(Array.from({ length: 8 }, () => investing().stop(u.id, investment.id, 'k')));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ credited: '0.00', balance: '49.00' });
    expect(await stopEntries(u.id)).toHaveLength(2);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('concurrent stops without a key: one stop, the others hear investment_not_active', async () => {
    const { u, investment } = await worthlessInvestment();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => investing().stop(u.id, investment.id)));
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'investment_not_active' });
    expect(await stopEntries(u.id)).toHaveLength(2);
  });
});
