import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Queryable, Trx } from './ledger.repo';

/** The hash chain's reads and writes (decision 015); seal.ts decides what to seal and how to hash it. */

export type Row = Record<string, unknown>;
export type SealedTable = 'ledger_tx' | 'ledger_entry' | 'audit_log';

/**
 * On SQLite, ledger entries are sealed by watermark instead of a stamp: one writer at a time, so
 * entry ids (an explicit INTEGER PRIMARY KEY AUTOINCREMENT, kept by VACUUM) become visible in
 * order and "above the last sealed id" is exactly "committed since". That spares two thirds of the
 * stamps. PostgreSQL allocates ids before commit, so it stamps every kind.
 */
export async function unsealedEntriesAbove(
  q: Queryable,
  columns: string[],
  upto: number,
  limit: number,
): Promise<Row[]> {
  return (await q
    .selectFrom('ledger_entry')
    .select(columns as never[])
    .where('id', '>', upto)
    .orderBy('id')
    .limit(limit)
    .execute()) as Row[];
}

export async function unsealed(
  q: Queryable,
  kind: SealedTable,
  columns: string[],
  order: string[],
  limit: number,
): Promise<Row[]> {
  let query = q
    .selectFrom(kind)
    .select(columns as never[])
    .where('seal_no', 'is', null);
  for (const c of order) query = query.orderBy(c as never);
  return (await query.limit(limit).execute()) as Row[];
}

/**
 * PostgreSQL: the commit horizon, the oldest transaction id still running that may write to this
 * database (or the next one to be given). Every transaction of this database below it has finished,
 * so the rows it committed are all visible now and no later commit can add to them: a range below it
 * can be sealed once and for all (decision 022).
 *
 * A transaction open in another database of the cluster cannot write a row of ours, so it does not
 * hold the horizon back (decision 026): a running transaction id is left out when a session of
 * another database holds it (a session stays in one database for life, and an id belongs to one
 * transaction). An id whose session cannot be seen (finished since the snapshot, another role's
 * without pg_read_all_stats, a prepared transaction) counts as ours: the horizon only errs low.
 */
export async function commitHorizon(q: Queryable): Promise<string> {
  const r = await sql<{ h: string }>`
    with snap as (select pg_current_snapshot() as s),
    elsewhere as (
      select backend_xid::text::bigint as xid from pg_stat_activity
      where backend_xid is not null and datname is not null and datname <> current_database())
    select coalesce(
      (select x from snap, pg_snapshot_xip(snap.s) as x
        where (x::text::bigint % 4294967296) not in (select xid from elsewhere) order by x limit 1),
      (select pg_snapshot_xmax(s) from snap))::text as h`.execute(q);
  return r.rows[0]!.h;
}

/**
 * PostgreSQL: how long the oldest transaction still open in this database has been running, in
 * seconds; 0 when none. It holds the commit horizon back, so rows committed after it began wait that
 * long for their seal (decision 026); other databases' transactions do not. Sessions of other roles
 * are visible only to a superuser or a member of pg_read_all_stats.
 */
export async function oldestOpenTransactionAge(q: Queryable): Promise<number> {
  const r = await sql<{ age: number | string | null }>`
    select extract(epoch from now() - min(xact_start)) as age from pg_stat_activity
    where backend_xid is not null and datname = current_database() and pid <> pg_backend_pid()`.execute(q);
  return Math.max(0, Number(r.rows[0]?.age ?? 0));
}

/** PostgreSQL: the rows written by transactions in [from, below) that no earlier seal stamped. */
const writtenIn = (from: string, below: string) =>
  sql`commit_xid >= ${from}::xid8 and commit_xid < ${below}::xid8 and seal_no is null`;

/**
 * PostgreSQL: where a seal over [from, below) should end to stay about `limit` rows of this kind:
 * the writer id of the row `limit` places in (null when the range holds fewer rows), and the writer
 * id of the first row (a cut there would leave the seal empty: the caller cuts after it instead).
 */
export async function commitCut(
  q: Queryable,
  kind: SealedTable,
  from: string,
  below: string,
  limit: number,
): Promise<{ first: string; cut: string } | null> {
  const inRange = sql`from ${sql.table(kind)} where ${writtenIn(from, below)}`;
  const r = await sql<{ first: string | null; cut: string | null }>`select
    (select commit_xid::text ${inRange} order by commit_xid limit 1) as first,
    (select commit_xid::text ${inRange} order by commit_xid offset ${limit} limit 1) as cut`.execute(q);
  const { first, cut } = r.rows[0]!;
  return first !== null && cut !== null ? { first, cut } : null;
}

/** PostgreSQL: the rows written by transactions in [from, below), not stamped by an earlier seal, in commit order. */
export async function committedIn(
  q: Queryable,
  kind: SealedTable,
  columns: string[],
  order: string[],
  from: string,
  below: string,
): Promise<Row[]> {
  const r = await sql<Row>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(kind)}
    where ${writtenIn(from, below)}
    order by commit_xid, ${sql.join(order.map((c) => sql.ref(c)))}`.execute(q);
  return r.rows;
}

export async function sealHead(q: Queryable) {
  return q.selectFrom('ledger_seal').selectAll().orderBy('no', 'desc').limit(1).executeTakeFirst();
}

export async function insertSeal(
  trx: Trx,
  seal: {
    no: number;
    prev_hash: string;
    hash: string;
    rows: number;
    sealed_at: string;
    items: string;
    upto_entry: number | null;
    upto_xid: string | null;
  },
): Promise<void> {
  await trx.insertInto('ledger_seal').values(seal).execute();
}

/** Stamps these rows with the seal's number, unless already stamped; how many it stamped. */
export async function stamp(trx: Trx, kind: SealedTable, no: number, ids: unknown[]): Promise<number> {
  // The ids travel as one JSON parameter (SQLite), not one placeholder each.
  const stamped = await sql`update ${sql.table(kind)} set seal_no = ${no}
    where seal_no is null and id in (select value from json_each(${JSON.stringify(ids)}))`.execute(trx);
  return Number(stamped.numAffectedRows ?? 0);
}

export async function allSeals(db: Db) {
  return db.selectFrom('ledger_seal').selectAll().orderBy('no').execute();
}

/** Every row of a sealed table; `withCommit` adds its writer's id as text (PostgreSQL). */
export async function allRows(db: Db, kind: SealedTable, columns: string[], withCommit: boolean): Promise<Row[]> {
  if (!withCommit)
    return (await db
      .selectFrom(kind)
      .select(columns as never[])
      .execute()) as Row[];
  const r = await sql<Row>`select ${sql.join(columns.map((c) => sql.ref(c)))}, commit_xid::text as commit_xid
    from ${sql.table(kind)}`.execute(db);
  return r.rows;
}
