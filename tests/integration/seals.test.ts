import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sealHeadCommand, verifyLedgerCommand } from '../../src/server/modules/ledger/ledger.cli';
import { decodeItems, sealPending, verifySeals } from '../../src/server/modules/ledger/seal';
import { startSealing } from '../../src/server/modules/ledger/seal.job';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { fund } from '../support/money';
import { createUser, type TestUser } from '../support/users';

describe(`the hash chain over the journal and the audit trail (${testDialect})`, () => {
  let t: TestApp;
  let ann: TestUser;
  let ben: TestUser;

  const transfer = (from: TestUser, to: TestUser, amount = '1.00') =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      payload: { recipientUid: to.uid, amount },
      headers: { cookie: from.cookie },
    });
  /** Runs a CLI command as `npm run admin` does, capturing what it prints. */
  async function cli(
    command: { run(ctx: TestApp['ctx'], flags: Record<string, string>): Promise<number> },
    flags: Record<string, string> = {},
  ) {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...a) => void lines.push(a.join(' ')));
    const err = vi.spyOn(console, 'error').mockImplementation((...a) => void lines.push(a.join(' ')));
    try {
      return { code: await command.run(t.ctx, flags), out: lines.join('\n') };
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  }
  const unsealedCount = async () => (await verifySeals(t.ctx.db, t.ctx.dialect)).unsealed;

  beforeAll(async () => {
    t = await createTestApp({ SEAL_INTERVAL_S: '60' });
    ann = await createUser(t, { firstName: 'Ann' });
    ben = await createUser(t, { firstName: 'Ben' });
    await fund(t.ctx, ann.id, 100_000);
    await fund(t.ctx, ben.id, 100_000);
  });
  afterAll(async () => t.close());

  it('a seal covers every row committed since the previous one, chained by hash; seal-head prints the newest', async () => {
    for (let i = 0; i < 5; i++) expect((await transfer(ann, ben)).statusCode).toBe(201);
    expect(await unsealedCount()).toBeGreaterThan(0);
    expect((await sealPending(t.ctx.db, t.clock, t.ctx.dialect)).seals).toBe(1);
    expect(await unsealedCount()).toBe(0);
    const first = await t.ctx.db.selectFrom('ledger_seal').selectAll().executeTakeFirstOrThrow();
    expect(first.prev_hash).toBe('0'.repeat(64));
    expect((await sealPending(t.ctx.db, t.clock, t.ctx.dialect)).seals).toBe(0);
    for (let i = 0; i < 3; i++) expect((await transfer(ben, ann)).statusCode).toBe(201);
    expect((await sealPending(t.ctx.db, t.clock, t.ctx.dialect)).seals).toBe(1);
    const seals = await t.ctx.db.selectFrom('ledger_seal').selectAll().orderBy('no').execute();
    expect(seals[1]!.prev_hash).toBe(seals[0]!.hash);
    // 3 transfers: 3 journal rows and 6 entries.
    expect(Number(seals[1]!.rows)).toBe(9);
    const head = await cli(sealHeadCommand);
    expect(head).toEqual({ code: 0, out: `seal 2 ${seals[1]!.sealed_at} ${seals[1]!.hash}` });
    const ok = await cli(verifyLedgerCommand);
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain('2 seals over');
    expect((await cli(verifyLedgerCommand, { 'expect-head': seals[0]!.hash })).code).toBe(0);
    const rewritten = await cli(verifyLedgerCommand, { 'expect-head': 'f'.repeat(64) });
    expect(rewritten.code).toBe(1);
    expect(rewritten.out).toContain('is not in the chain');
  });

  it('the leased job seals on its own, once across instances', async () => {
    await transfer(ann, ben);
    const one = startSealing(t.ctx, { error: () => {} }, 'instance-one')!;
    const two = startSealing(t.ctx, { error: () => {} }, 'instance-two')!;
    try {
      const [x, y] = await Promise.all([one.tick(), two.tick()]);
      expect([x, y].filter(Boolean)).toHaveLength(1);
      expect(await unsealedCount()).toBe(0);
    } finally {
      await one.stop();
      await two.stop();
    }
    expect(startSealing({ ...t.ctx, config: { ...t.ctx.config, sealIntervalS: 0 } }, { error: () => {} })).toBeNull();
  });

  it('rows committed while seals are being written are each sealed exactly once', async () => {
    const traffic = Promise.all(
      Array.from({ length: 40 }, (_, i) => transfer(i % 2 ? ann : ben, i % 2 ? ben : ann, '0.01')),
    );
    const sealing = (async () => {
      for (let i = 0; i < 10; i++) {
        await sealPending(t.ctx.db, t.clock, t.ctx.dialect);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const results = await traffic;
    await sealing;
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    await sealPending(t.ctx.db, t.clock, t.ctx.dialect);
    const report = await verifySeals(t.ctx.db, t.ctx.dialect);
    expect(report.problems).toEqual([]);
    expect(report.unsealed).toBe(0);
    const counts = await sql<{
      n: string | number;
    }>`select (select count(*) from ledger_tx) + (select count(*) from ledger_entry) + (select count(*) from audit_log) as n`.execute(
      t.ctx.db,
    );
    expect(report.rows).toBe(Number(counts.rows[0]!.n));
    const keys = (await t.ctx.db.selectFrom('ledger_seal').select('items').execute()).flatMap((s) =>
      decodeItems(s.items).map((i) => `${i.kind}:${i.row_key}`),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(report.rows);
  });

  it.skipIf(testDialect !== 'postgres')(
    'a transaction left open in another database of the cluster holds no seal back; one in this database does until it ends',
    async () => {
      /** A session that opens a transaction with an id (as any writer has) and leaves it open. */
      const openTransaction = async (url: string) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query('begin');
        await client.query('select pg_current_xact_id()');
        return { end: async () => (await client.query('rollback'), await client.end()) };
      };
      await sealPending(t.ctx.db, t.clock, t.ctx.dialect);
      // Another database of the same server (here the suite's own): an analytics job, another application.
      const elsewhere = await openTransaction(process.env.TEST_DATABASE_URL!);
      try {
        expect((await transfer(ann, ben)).statusCode).toBe(201);
        await sealPending(t.ctx.db, t.clock, t.ctx.dialect);
        expect(await unsealedCount()).toBe(0);

        const here = await openTransaction(t.testDb.url!);
        expect((await transfer(ben, ann)).statusCode).toBe(201);
        await sealPending(t.ctx.db, t.clock, t.ctx.dialect);
        // Its rows could still commit below any horizon past it: they wait for it.
        expect(await unsealedCount()).toBeGreaterThan(0);
        await here.end();
        await sealPending(t.ctx.db, t.clock, t.ctx.dialect);
        expect(await unsealedCount()).toBe(0);
        expect((await verifySeals(t.ctx.db, t.ctx.dialect)).problems).toEqual([]);
      } finally {
        await elsewhere.end();
      }
    },
  );

  it('seals a transaction of more rows than a batch whole, and a backlog of several batches, each row once', async () => {
    /** `n` audit rows written by one transaction, as a bulk job would. */
    const bulk = (prefix: string, n: number) =>
      sql`with recursive k(i) as (select 1 union all select i + 1 from k where i < ${n})
        insert into audit_log (id, actor_id, action, target_type, target_id, at, result)
        select ${prefix} || i, 'bulk', 'bulk.test', 'x', 'x', '2026-01-01T00:00:00.000Z', 'ok' from k`.execute(
        t.ctx.db,
      );
    await bulk('one-', 1_500);
    for (const part of ['a-', 'b-', 'c-']) await bulk(part, 800);
    const seals = await sealPending(t.ctx.db, t.clock, t.ctx.dialect);
    expect(seals.rows).toBe(1_500 + 3 * 800);
    expect(seals.seals).toBeGreaterThanOrEqual(2);
    const report = await verifySeals(t.ctx.db, t.ctx.dialect);
    expect(report.problems).toEqual([]);
    expect(report.unsealed).toBe(0);
    const keys = (await t.ctx.db.selectFrom('ledger_seal').select('items').execute()).flatMap((s) =>
      decodeItems(s.items).map((i) => i.row_key),
    );
    const bulkKeys = keys.filter((k) => /^(one|a|b|c)-/.test(k));
    expect(bulkKeys).toHaveLength(1_500 + 3 * 800);
    expect(new Set(bulkKeys).size).toBe(bulkKeys.length);
  });

  describe('tampering in SQL is named by verify-ledger (exit 1)', () => {
    /** Each case changes the database, checks what verify-ledger says, then puts it back. */
    async function caught(change: () => Promise<unknown>, undo: () => Promise<unknown>, expected: RegExp) {
      const before = await cli(verifyLedgerCommand);
      expect(before.code, before.out).toBe(0);
      await change();
      const res = await cli(verifyLedgerCommand);
      expect(res.code).toBe(1);
      expect(res.out).toMatch(expected);
      await undo();
      const back = await cli(verifyLedgerCommand);
      expect(back.code, back.out).toBe(0);
    }
    /** The rows of a kind that seals hold, each with its seal (from the seals themselves, whatever placed the row). */
    const sealedRows = async (kind: string) =>
      (await t.ctx.db.selectFrom('ledger_seal').select(['no', 'items']).orderBy('no').execute()).flatMap((seal) =>
        decodeItems(seal.items)
          .filter((i) => i.kind === kind)
          .map((i) => ({ key: i.row_key, seal_no: Number(seal.no) })),
      );
    /** A sealed entry and the seal holding it. */
    const anEntry = async () => {
      const [item] = await sealedRows('ledger_entry');
      if (!item) throw new Error('no sealed entry');
      const e = await t.ctx.db
        .selectFrom('ledger_entry')
        .select(['id', 'amount_cents'])
        .where('id', '=', Number(item.key))
        .executeTakeFirstOrThrow();
      return { ...e, seal_no: item.seal_no };
    };
    /** PostgreSQL: the writer transaction id of a row, as text. */
    const commitOf = async (table: string, id: string | number) =>
      (
        await sql<{ x: string }>`select commit_xid::text as x from ${sql.table(table)} where id = ${id}`.execute(
          t.ctx.db,
        )
      ).rows[0]!.x;

    it('an edited entry amount', async () => {
      const e = await anEntry();
      await caught(
        () => sql`update ledger_entry set amount_cents = amount_cents + 1 where id = ${e.id}`.execute(t.ctx.db),
        () => sql`update ledger_entry set amount_cents = ${e.amount_cents} where id = ${e.id}`.execute(t.ctx.db),
        new RegExp(`ledger entry ${e.id}: edited since seal ${e.seal_no}`),
      );
    });

    it('an edited journal row, even one that leaves every balance right', async () => {
      let tx: { id: string; created_by: string | null; seal_no: number } | undefined;
      for (const item of await sealedRows('ledger_tx')) {
        const row = await t.ctx.db
          .selectFrom('ledger_tx')
          .select(['id', 'type', 'created_by'])
          .where('id', '=', item.key)
          .executeTakeFirstOrThrow();
        if (row.type === 'transfer') tx = { id: row.id, created_by: row.created_by, seal_no: item.seal_no };
        if (tx) break;
      }
      await caught(
        () => sql`update ledger_tx set created_by = ${'someone-else'} where id = ${tx!.id}`.execute(t.ctx.db),
        () => sql`update ledger_tx set created_by = ${tx!.created_by} where id = ${tx!.id}`.execute(t.ctx.db),
        new RegExp(`ledger transaction ${tx!.id}: edited since seal ${tx!.seal_no}`),
      );
    });

    it('a deleted audit row', async () => {
      const [item] = await sealedRows('audit_log');
      const row = await t.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '=', item!.key)
        .executeTakeFirstOrThrow();
      await caught(
        () => sql`delete from audit_log where id = ${row.id}`.execute(t.ctx.db),
        () => t.ctx.db.insertInto('audit_log').values(row).execute(),
        new RegExp(`audit row ${row.id}: deleted since seal ${item!.seal_no}`),
      );
    });

    it('an entry inserted below the last sealed one (SQLite: under the watermark; PostgreSQL: by a transaction the seals cover)', async () => {
      const e = await anEntry();
      const first = await t.ctx.db
        .selectFrom('ledger_entry')
        .select(['id', 'tx_id', 'account_id'])
        .where('id', '=', e.id)
        .executeTakeFirstOrThrow();
      // SQLite: a hole in the sealed ids. PostgreSQL: a new id, written as if by the sealed entry's transaction.
      const ghost = 1_000_000_000;
      const insert =
        t.ctx.dialect === 'sqlite'
          ? () =>
              sql`insert into ledger_entry (id, tx_id, account_id, amount_cents) values (${-ghost}, ${first.tx_id}, ${first.account_id}, ${0})`.execute(
                t.ctx.db,
              )
          : async () => {
              const xid = await commitOf('ledger_entry', first.id!);
              await sql`insert into ledger_entry (id, tx_id, account_id, amount_cents, commit_xid) values (${ghost}, ${first.tx_id}, ${first.account_id}, ${0}, ${xid}::xid8)`.execute(
                t.ctx.db,
              );
            };
      const key = t.ctx.dialect === 'sqlite' ? -ghost : ghost;
      await caught(
        insert,
        () => sql`delete from ledger_entry where id = ${key}`.execute(t.ctx.db),
        new RegExp(`ledger entry ${key}: inserted into seal ${e.seal_no} after it was sealed`),
      );
    });

    it('a row inserted into a sealed range, and one claiming a seal that does not exist', async () => {
      const id = randomUUID();
      const at = new Date('2020-01-01T00:00:00Z').toISOString();
      const insert = (sealNo: number) =>
        sql`insert into audit_log (id, actor_id, action, target_type, target_id, at, result, seal_no) values (${id}, ${'ghost'}, ${'deposit.approve'}, ${'deposit_request'}, ${'x'}, ${at}, ${'ok'}, ${sealNo})`.execute(
          t.ctx.db,
        );
      const remove = () => sql`delete from audit_log where id = ${id}`.execute(t.ctx.db);
      await caught(() => insert(1), remove, new RegExp(`audit row ${id}: inserted into seal 1 after it was sealed`));
      await caught(() => insert(999), remove, new RegExp(`audit row ${id}: claims seal 999, which does not exist`));
      if (t.ctx.dialect !== 'postgres') return;
      // PostgreSQL places rows by their writer: one dated into seal 1's transactions, and one with none.
      const [sealed] = await sealedRows('audit_log');
      const xid = await commitOf('audit_log', sealed!.key);
      const insertAs = (commit: string | null) =>
        sql`insert into audit_log (id, actor_id, action, target_type, target_id, at, result, commit_xid) values (${id}, ${'ghost'}, ${'deposit.approve'}, ${'deposit_request'}, ${'x'}, ${at}, ${'ok'}, ${commit}::xid8)`.execute(
          t.ctx.db,
        );
      await caught(
        () => insertAs(xid),
        remove,
        new RegExp(`audit row ${id}: inserted into seal ${sealed!.seal_no} after it was sealed`),
      );
      await caught(() => insertAs(null), remove, new RegExp(`audit row ${id}: has no writing transaction`));
    });

    it('a row moved to another seal (reordered), and an altered seal', async () => {
      const tx = (await sealedRows('ledger_tx')).find((r) => r.seal_no === 1)!;
      const seal1 = await t.ctx.db.selectFrom('ledger_seal').selectAll().where('no', '=', 1).executeTakeFirstOrThrow();
      // SQLite: the stamp says which seal; PostgreSQL: the writer's transaction, moved into seal 2's range.
      const [move, back] =
        t.ctx.dialect === 'postgres'
          ? [
              () =>
                sql`update ledger_tx set commit_xid = ${seal1.upto_xid}::xid8 where id = ${tx.key}`.execute(t.ctx.db),
              async () => {
                const xid = await commitOf('ledger_tx', tx.key);
                return {
                  undo: () =>
                    sql`update ledger_tx set commit_xid = ${xid}::xid8 where id = ${tx.key}`.execute(t.ctx.db),
                };
              },
            ]
          : [
              () => sql`update ledger_tx set seal_no = ${2} where id = ${tx.key}`.execute(t.ctx.db),
              async () => ({
                undo: () => sql`update ledger_tx set seal_no = ${1} where id = ${tx.key}`.execute(t.ctx.db),
              }),
            ];
      const { undo } = await back();
      await caught(
        move,
        undo,
        new RegExp(`ledger transaction ${tx.key}: sealed in seal 1 but now marked seal 2 \\(reordered\\)`),
      );
      const [s1, s2] = await t.ctx.db.selectFrom('ledger_seal').select(['no', 'hash']).orderBy('no').limit(2).execute();
      await caught(
        () => sql`update ledger_seal set hash = ${s2!.hash} where no = ${s1!.no}`.execute(t.ctx.db),
        () => sql`update ledger_seal set hash = ${s1!.hash} where no = ${s1!.no}`.execute(t.ctx.db),
        /seal 1: its items do not hash to the sealed value/,
      );
    });
  });
});
