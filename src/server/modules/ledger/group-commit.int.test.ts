import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../../core/ids';
import { transferPostings } from '../../../core/ledger';
import { insert } from './plan';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { fund, insertBareUser } from '../../../../tests/support/money';
import { userBalances } from './ledger.service';
import { verifyLedger } from './verify';

// The movements of one turn of the event loop are applied together, each undone alone when refused
// (movement.sqlite.ts, movement.postgres.ts): on SQLite in one commit with a savepoint each, on PostgreSQL in one call of
// atlas_post_movements with a subtransaction each (decision 023).
describe(`movements applied as a group (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a refused movement of a group is undone alone; the others commit and each caller gets its own answer', async () => {
    const transfers = t.app.services.transfers;
    const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, () => insertBareUser(t.ctx)));
    await fund(t.ctx, a!.id, 1_000);
    await fund(t.ctx, d!.id, 1_000);
    // Started in one turn: the payee lookups resolve together, so the three movements share a commit.
    const results = await Promise.allSettled([
      transfers.transfer(a!.id, { recipientUid: b!.uid, amount: '6.00' }),
      transfers.transfer(a!.id, { recipientUid: c!.uid, amount: '6.00' }),
      transfers.transfer(d!.id, { recipientUid: b!.uid, amount: '1.00' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.code).toBe('transfer_insufficient_balance');
    expect((results[0] as PromiseFulfilledResult<{ balance: string }>).value.balance).toBe('4.00');
    expect((results[2] as PromiseFulfilledResult<{ balance: string }>).value.balance).toBe('9.00');
    const balances = await Promise.all([a, b, c, d].map((u) => userBalances(t.ctx.db, u!.id)));
    expect(balances.map((x) => x.available)).toEqual([400, 700, 0, 900]);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
    if (testDialect === 'postgres') {
      // One transaction wrote both: the same writer id on their journal rows.
      const { rows } = await t.ctx.dbh.pool!.query<{ writers: string }>(
        "select count(distinct commit_xid::text) as writers from ledger_tx where type = 'transfer' and user_id = any($1)",
        [[a!.id, d!.id]],
      );
      expect(Number(rows[0]!.writers)).toBe(1);
    }
  });

  /** A funded sender, a payee, and transfers between them whose transfer row can point at no journal row. */
  async function badRow() {
    const { movements } = t.app.services;
    const [a, b] = await Promise.all(Array.from({ length: 2 }, () => insertBareUser(t.ctx)));
    await fund(t.ctx, a!.id, 1_000);
    const move = (txOf: (txId: string) => string) => {
      const txId = timeOrderedId();
      return movements.apply(
        { userId: a!.id, key: undefined, request: null },
        {
          money: {
            txId,
            type: 'transfer',
            userId: a!.id,
            createdBy: a!.id,
            postings: transferPostings(a!.id, b!.id, 100),
          },
          steps: [
            insert('internal_transfer', {
              id: crypto.randomUUID(),
              sender_id: a!.id,
              recipient_id: b!.id,
              recipient_uid: b!.uid,
              amount_cents: 100,
              status: 'completed',
              tx_id: txOf(txId),
              created_at: new Date().toISOString(),
            }),
          ],
          respond: (balanceAfter) => balanceAfter({ owner: a!.id, kind: 'available' }),
        },
        new Date(),
      );
    };
    return { a: a!, b: b!, move };
  }

  it('a movement the database refuses for a reason of its own (a foreign key) fails alone in its group', async () => {
    const { a, b, move } = await badRow();
    const results = await Promise.allSettled([move((id) => id), move(() => 'no-such-transaction'), move((id) => id)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseFulfilledResult<string>).value).toBe('8.00');
    expect((await userBalances(t.ctx.db, a.id)).available).toBe(800);
    expect((await userBalances(t.ctx.db, b.id)).available).toBe(200);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('the movements of different requests share one group: one writer per server, built by the composition root', async () => {
    const [first, second] = [await badRow(), await badRow()];
    if (testDialect === 'sqlite') {
      // Shared commit: the second service's bad row, checked at commit, takes the first one's down too.
      const group = [first.move((id) => id), second.move(() => 'no-such-transaction')];
      t.ctx.dbh.sqlite!.pragma('defer_foreign_keys = ON');
      expect((await Promise.allSettled(group)).map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect((await userBalances(t.ctx.db, first.a.id)).available).toBe(1_000);
    } else {
      await Promise.all([first.move((id) => id), second.move((id) => id)]);
      const { rows } = await t.ctx.dbh.pool!.query<{ writers: string }>(
        'select count(distinct commit_xid::text) as writers from ledger_tx where user_id = any($1) and type = $2',
        [[first.a.id, second.a.id], 'transfer'],
      );
      expect(Number(rows[0]!.writers)).toBe(1);
    }
  });

  it.skipIf(testDialect !== 'sqlite')(
    'when the commit itself fails, every movement of the group fails and none is applied',
    async () => {
      const { a, b, move } = await badRow();
      const group = [move((id) => id), move(() => 'no-such-transaction'), move((id) => id)];
      // The group runs on the next turn; a deferred foreign key moves the middle row's violation to
      // the commit, which SQLite then refuses as a whole.
      t.ctx.dbh.sqlite!.pragma('defer_foreign_keys = ON');
      const results = await Promise.allSettled(group);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect((await userBalances(t.ctx.db, a.id)).available).toBe(1_000);
      expect((await userBalances(t.ctx.db, b.id)).available).toBe(0);
      expect(t.ctx.dbh.sqlite!.inTransaction).toBe(false);
      expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
    },
  );
});
