import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../core/clock';
import { toDecimalString } from '../../../core/money';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { fund, insertBareUser } from '../../../../tests/support/money';
import { createInvestingService } from '../investing/investing.service';
import { userBalances } from './ledger.service';
import { verifyLedger } from './verify';

describe(`money under concurrent requests (${testDialect})`, () => {
  let t: TestApp;
  const prices = { current: async () => ({ priceCents: 6_500_000 }) };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('200 simultaneous transfers from an account funded for exactly N succeed exactly N times', async () => {
    const transfers = t.app.services.transfers;
    const sender = await insertBareUser(t.ctx, 'Alice Martin');
    const recipients = await Promise.all(Array.from({ length: 5 }, () => insertBareUser(t.ctx, 'Bob Durand')));
    const N = 37;
    await fund(t.ctx, sender.id, N * 1_000);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        transfers.transfer(sender.id, { recipientUid: recipients[i % 5]!.uid, amount: '10.00' }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toBe(N);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason.code === 'transfer_insufficient_balance')).toBe(
      true,
    );
    expect((await userBalances(t.ctx.db, sender.id)).available).toBe(0);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('opposite transfers between two users at once never deadlock or lose money', async () => {
    const transfers = t.app.services.transfers;
    const a = await insertBareUser(t.ctx);
    const b = await insertBareUser(t.ctx);
    await fund(t.ctx, a.id, 100_000);
    await fund(t.ctx, b.id, 100_000);
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? transfers.transfer(a.id, { recipientUid: b.uid, amount: '7.00' })
          : transfers.transfer(b.id, { recipientUid: a.uid, amount: '3.00' }),
      ),
    );
    const [ba, bb] = await Promise.all([userBalances(t.ctx.db, a.id), userBalances(t.ctx.db, b.id)]);
    expect(ba.available + bb.available).toBe(200_000);
    expect(ba.available).toBe(100_000 - 50 * 700 + 50 * 300);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('simultaneous invests and stops never overdraw, and two stops of one investment credit it once', async () => {
    const investing = createInvestingService(t.ctx, { prices, movements: t.app.services.movements });
    const u = await insertBareUser(t.ctx);
    await fund(t.ctx, u.id, 50_000);
    const first = await investing.invest(u.id, { area: 'stocks', amount: '200.00' });
    t.clock.advance(5 * DAY_MS);
    // 300.00 available; ten stops of the 200.00 investment race forty invests of 25.00.
    const [stops, invests] = await Promise.all([
      Promise.allSettled(Array.from({ length: 10 }, () => investing.stop(u.id, first.investment.id))),
      Promise.allSettled(
        Array.from({ length: 40 }, () => investing.invest(u.id, { area: 'trading', amount: '25.00' })),
      ),
    ]);
    expect(stops.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const placed = invests.filter((r) => r.status === 'fulfilled').length;
    expect(placed).toBeGreaterThanOrEqual(12);
    expect(placed).toBeLessThanOrEqual(20);
    const b = await userBalances(t.ctx.db, u.id);
    expect(b).toMatchObject({ available: 50_000 - placed * 2_500, invested: placed * 2_500 });
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('an idempotency key replay returns the first answer and moves nothing; another request with that key is refused', async () => {
    const transfers = t.app.services.transfers;
    const a = await insertBareUser(t.ctx);
    const b = await insertBareUser(t.ctx);
    await fund(t.ctx, a.id, 10_000);
    const key = 'key-123';
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        transfers.transfer(a.id, { recipientUid: b.uid, amount: '40.00' }, key).catch((e) => e),
      ),
    );
    const answers = replies.filter((r) => !(r instanceof Error) && !('code' in r));
    expect(answers.length).toBeGreaterThan(0);
    expect(new Set(answers.map((r) => (r as { id: string }).id)).size).toBe(1);
    expect((await userBalances(t.ctx.db, a.id)).available).toBe(6_000);
    expect(toDecimalString((await userBalances(t.ctx.db, b.id)).available)).toBe('40.00');
    await expect(transfers.transfer(a.id, { recipientUid: b.uid, amount: '41.00' }, key)).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
  });
});
