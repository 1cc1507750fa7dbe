import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId } from '../../core/ledger';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { testDialect } from '../../../tests/support/db';
import { fund, insertBareUser } from '../../../tests/support/money';
import { userBalances } from '../modules/ledger/ledger.service';
import { verifyLedger } from '../modules/ledger/verify';
import { dbFaultOf } from './faults';
import { createReadinessProbe } from './health.repo';

/**
 * Issue 30, decision 026: a lock held elsewhere stops only what it touches, a wait is bounded and
 * answered as retryable, a terminated connection is a retry, never a lost or doubled movement.
 */
describe(`the database misbehaving (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A short wait for a locked account, so that the refusals below come quickly.
    t.testDb.waits = { ...t.testDb.waits!, retryMs: 300 };
  });
  afterAll(async () => t.close());

  const transfersService = () => t.app.services.transfers;

  /** A second connection that holds locks until released (an operator's psql session). */
  async function holder(): Promise<pg.Client & { release(): Promise<void> }> {
    const client = new pg.Client({ connectionString: t.testDb.url });
    await client.connect();
    await client.query('begin');
    return Object.assign(client, {
      release: async () => {
        await client.query('rollback');
        await client.end();
      },
    });
  }

  it.runIf(testDialect === 'postgres')(
    'a balance row locked elsewhere holds up only the movements that touch it; those end as retryable, then go through once',
    async () => {
      const transfers = transfersService();
      const [stuck, b, c] = await Promise.all([insertBareUser(t.ctx), insertBareUser(t.ctx), insertBareUser(t.ctx)]);
      await Promise.all([fund(t.ctx, stuck.id, 10_000), fund(t.ctx, b.id, 10_000)]);
      const lock = await holder();
      try {
        await lock.query('select 1 from ledger_account where id = $1 for update', [
          accountId({ owner: stuck.id, kind: 'available' }),
        ]);
        // Before migration 021 these waited for the lock's release: the test would never get past them.
        const others = await Promise.allSettled(
          Array.from({ length: 12 }, () => transfers.transfer(b.id, { recipientUid: c.uid, amount: '1.00' })),
        );
        expect(others.map((r) => r.status)).toEqual(Array(12).fill('fulfilled'));

        const key = randomUUID();
        const blocked = await transfers.transfer(stuck.id, { recipientUid: c.uid, amount: '5.00' }, key).then(
          () => null,
          (err: unknown) => err,
        );
        expect(dbFaultOf(blocked)).toMatchObject({ kind: 'busy', notCommitted: true, reason: 'account_locked' });
        // The same money towards the stuck account waits too (the payee's balance is locked).
        const toStuck = await transfers.transfer(b.id, { recipientUid: stuck.uid, amount: '1.00' }).then(
          () => null,
          (err: unknown) => err,
        );
        expect(dbFaultOf(toStuck)?.kind).toBe('busy');
        await lock.release();

        const retried = await transfers.transfer(stuck.id, { recipientUid: c.uid, amount: '5.00' }, key);
        const replayed = await transfers.transfer(stuck.id, { recipientUid: c.uid, amount: '5.00' }, key);
        expect(replayed).toEqual(retried);
      } finally {
        await lock.release().catch(() => {});
      }
      expect((await userBalances(t.ctx.db, stuck.id)).available).toBe(10_000 - 500);
      expect((await userBalances(t.ctx.db, b.id)).available).toBe(10_000 - 1200);
      expect((await userBalances(t.ctx.db, c.id)).available).toBe(1200 + 500);
      expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
    },
  );

  it.runIf(testDialect === 'postgres')(
    'the balance table locked: movements end as database_busy, /readyz answers 503 from its own connection',
    async () => {
      const transfers = transfersService();
      const [a, b] = await Promise.all([insertBareUser(t.ctx), insertBareUser(t.ctx)]);
      await fund(t.ctx, a.id, 10_000);
      const lock = await holder();
      try {
        await lock.query('lock table ledger_account in exclusive mode');
        const refused = await transfers.transfer(a.id, { recipientUid: b.uid, amount: '1.00' }, randomUUID()).then(
          () => null,
          (err: unknown) => err,
        );
        expect(dbFaultOf(refused)).toMatchObject({ kind: 'busy', notCommitted: true });
        const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.headers['retry-after']).toBe('1');
        const probe = createReadinessProbe(t.testDb, 500);
        expect(await probe.check()).toMatchObject({ ready: false });
        await lock.release();
        expect(await probe.check()).toEqual({ ready: true });
        await probe.close();
      } finally {
        await lock.release().catch(() => {});
      }
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect((await userBalances(t.ctx.db, a.id)).available).toBe(10_000);
    },
  );

  it.runIf(testDialect === 'postgres')(
    'backends terminated under money traffic: every transfer applied once or refused as retryable, then settled by its key',
    async () => {
      const transfers = transfersService();
      const [a, b] = await Promise.all([insertBareUser(t.ctx), insertBareUser(t.ctx)]);
      await fund(t.ctx, a.id, 100_000);
      const admin = new pg.Client({ connectionString: t.testDb.url });
      await admin.connect();
      const keys = Array.from({ length: 60 }, () => randomUUID());
      const send = (key: string) => transfers.transfer(a.id, { recipientUid: b.uid, amount: '1.00' }, key);
      const traffic = Promise.allSettled(
        keys.map(async (key, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 5));
          return send(key);
        }),
      );
      for (let i = 0; i < 5; i++) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      await admin.end();
      const results = await traffic;
      for (const r of results) {
        if (r.status === 'rejected') expect(dbFaultOf(r.reason)).not.toBeNull();
      }
      // The investor's retry with the same key settles every one of them, exactly once.
      await Promise.all(keys.map((key) => send(key)));
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ledger_tx where user_id = ${a.id} and type = 'transfer'`.execute(t.ctx.db);
      expect(rows[0]!.n).toBe(keys.length);
      expect((await userBalances(t.ctx.db, a.id)).available).toBe(100_000 - keys.length * 100);
      expect((await userBalances(t.ctx.db, b.id)).available).toBe(keys.length * 100);
      expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
    },
  );

  it('a full SQLite file answers storage_full, keeps the original error, and takes money again once space returns', async () => {
    if (testDialect !== 'sqlite') return;
    const sqlite = t.testDb.sqlite!;
    const transfers = transfersService();
    const [a, b] = await Promise.all([insertBareUser(t.ctx), insertBareUser(t.ctx)]);
    await fund(t.ctx, a.id, 100_000);
    const pages = Number(sqlite.pragma('page_count', { simple: true }));
    sqlite.pragma(`max_page_count = ${pages}`);
    let full: unknown = null;
    try {
      for (let i = 0; i < 400 && full === null; i++) {
        await Promise.all(
          Array.from({ length: 20 }, () =>
            transfers.transfer(a.id, { recipientUid: b.uid, amount: '0.01' }, randomUUID()),
          ),
        ).catch((err: unknown) => {
          full = err;
        });
      }
      expect(dbFaultOf(full)).toMatchObject({ kind: 'full' });
      // A Kysely transaction meeting the full disk reports the disk, not "cannot rollback".
      const kyselyError = await t.ctx.db
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < 200; i++) {
            await trx
              .insertInto('rate_limit')
              .values({ key: `fill-${randomUUID()}-${'x'.repeat(500)}`, window_start: '2026-01-01', hits: 1 })
              .execute();
          }
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(dbFaultOf(kyselyError)).toMatchObject({ kind: 'full' });
    } finally {
      sqlite.pragma('max_page_count = 4294967294');
    }
    await transfers.transfer(a.id, { recipientUid: b.uid, amount: '1.00' }, randomUUID());
    const [ba, bb] = await Promise.all([userBalances(t.ctx.db, a.id), userBalances(t.ctx.db, b.id)]);
    expect(ba.available + bb.available).toBe(100_000);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });
});
