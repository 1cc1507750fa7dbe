import { sql } from 'kysely';
import { accountId } from '../../../core/ledger';
import type { Database } from '../../db/schema';
import type { Queryable, Trx } from '../ledger/ledger.repo';

/** The monitoring job's reads of the journal, and the alerts' own rows (decision 035). */

export type AlertRow = Database['monitoring_alert'];
export type Watermark = Database['monitoring_watermark'];
export const WATERMARK = 'alerts';

/** The journal's kinds of transaction the rules look at: money in, money out, money between people. */
export const watchedTypes = ['deposit', 'withdrawal_hold', 'transfer'] as const;

/**
 * One row per watched journal transaction: its one credit to a person (the deposit on the
 * depositor's balance, the hold of a withdrawal, the transfer on the recipient's balance).
 */
function facts(q: Queryable) {
  return q
    .selectFrom('ledger_entry as e')
    .innerJoin('ledger_tx as t', 't.id', 'e.tx_id')
    .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
    .select([
      't.id as tx_id',
      't.type',
      't.user_id as actor_id',
      't.ref_id',
      't.created_at',
      'e.id as entry_id',
      'e.amount_cents',
      'a.owner_id',
    ])
    .where('e.amount_cents', '>', 0)
    .where('t.type', 'in', [...watchedTypes])
    .where('a.owner_id', '<>', 'platform');
}
export type FactRow = Awaited<ReturnType<ReturnType<typeof facts>['execute']>>[number];

export async function watermark(q: Queryable): Promise<Watermark | undefined> {
  return q.selectFrom('monitoring_watermark').selectAll().where('name', '=', WATERMARK).executeTakeFirst();
}

/** SQLite: the highest entry id among the next `limit` entries above `from` (null: none). */
export async function entriesUpTo(q: Queryable, from: number, limit: number): Promise<number | null> {
  const r = await sql<{ upto: number | null }>`select max(id) as upto from
    (select id from ledger_entry where id > ${from} order by id limit ${limit}) as next`.execute(q);
  const upto = r.rows[0]?.upto;
  return upto === null || upto === undefined ? null : Number(upto);
}

/** SQLite: the facts whose credit is an entry in (from, upto]. */
export async function factsOfEntries(q: Queryable, from: number, upto: number): Promise<FactRow[]> {
  return facts(q).where('e.id', '>', from).where('e.id', '<=', upto).orderBy('e.id').execute();
}

/**
 * PostgreSQL: where a range of writers [from, horizon) should end to hold about `limit` journal
 * transactions (a cut never splits one transaction's rows); null when the range holds none.
 */
export async function commitRangeEnd(
  q: Queryable,
  from: string,
  horizon: string,
  limit: number,
): Promise<string | null> {
  const inRange = sql`from ledger_tx where commit_xid >= ${from}::xid8 and commit_xid < ${horizon}::xid8`;
  const r = await sql<{ first: string | null; cut: string | null }>`select
    (select commit_xid::text ${inRange} order by commit_xid limit 1) as first,
    (select commit_xid::text ${inRange} order by commit_xid offset ${limit} limit 1) as cut`.execute(q);
  const { first, cut } = r.rows[0]!;
  if (first === null) return null;
  if (cut === null) return horizon;
  return cut === first ? String(BigInt(cut) + 1n) : cut;
}

/** PostgreSQL: the facts written by the transactions in [from, below). */
export async function factsCommittedIn(q: Queryable, from: string, below: string): Promise<FactRow[]> {
  return facts(q)
    .where(sql<boolean>`t.commit_xid >= ${from}::xid8 and t.commit_xid < ${below}::xid8`)
    .orderBy('e.id')
    .execute();
}

/**
 * A person's latest credits up to the journal entry `upto` (at most `limit`), newest first: the
 * rules' windows look back from here. One query per account, each an ordered walk of the index
 * (account, id) that stops after `limit` rows: a single query over both accounts made the database
 * read and sort every entry the person ever had, on every pass.
 */
export async function recentFactsOf(q: Queryable, userId: string, upto: number, limit: number): Promise<FactRow[]> {
  const rows: FactRow[] = [];
  for (const kind of ['available', 'withdrawal_hold'] as const)
    rows.push(
      ...(await facts(q)
        .where('e.account_id', '=', accountId({ owner: userId, kind }))
        .where('e.id', '<=', upto)
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute()),
    );
  return rows.sort((a, b) => Number(b.entry_id) - Number(a.entry_id)).slice(0, limit);
}

/** Moves the watermark on, unless another run moved it first (then nothing of this run may commit). */
export async function advanceWatermark(
  trx: Trx,
  before: Watermark,
  after: { upto_entry: number | null; upto_xid: string | null; updated_at: string },
): Promise<boolean> {
  let query = trx.updateTable('monitoring_watermark').set(after).where('name', '=', WATERMARK);
  query =
    before.upto_xid !== null
      ? query.where('upto_xid', '=', before.upto_xid)
      : query.where('upto_entry', '=', before.upto_entry);
  const r = await query.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Inserts the alert unless its (rule, user, window) has one already; whether it did. */
export async function insertAlert(trx: Trx, row: AlertRow): Promise<boolean> {
  const r = await trx
    .insertInto('monitoring_alert')
    .values(row)
    .onConflict((oc) => oc.columns(['rule', 'user_id', 'window_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

function listed(q: Queryable) {
  return q
    .selectFrom('monitoring_alert as m')
    .innerJoin('user_profile as p', 'p.user_id', 'm.user_id')
    .leftJoin('user as r', 'r.id', 'm.resolved_by')
    .selectAll('m')
    .select(['p.uid', 'p.full_name', 'p.email', 'r.name as resolver_name']);
}
export type ListedAlert = Awaited<ReturnType<ReturnType<typeof listed>['execute']>>[number];

/** Open alerts oldest first (the longest waiting on top); resolved ones most recently resolved first. */
export async function alertsIn(q: Queryable, status: AlertRow['status'], limit: number): Promise<ListedAlert[]> {
  const query = listed(q).where('m.status', '=', status);
  return (
    status === 'open'
      ? query.orderBy('m.tripped_at').orderBy('m.id')
      : query.orderBy('m.resolved_at', 'desc').orderBy('m.id', 'desc')
  )
    .limit(limit)
    .execute();
}

export async function countAlerts(q: Queryable, status: AlertRow['status']): Promise<number> {
  const r = await q
    .selectFrom('monitoring_alert')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findAlert(q: Queryable, id: string): Promise<ListedAlert | undefined> {
  return listed(q).where('m.id', '=', id).executeTakeFirst();
}

/** Names and UIDs of the people an alert's evidence mentions (a transfer's senders). */
export async function peopleByIds(q: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  return q.selectFrom('user_profile').select(['user_id', 'uid', 'full_name']).where('user_id', 'in', ids).execute();
}

/** Resolves an alert still open; false when it is not (resolved meanwhile, or no such alert). */
export async function resolveAlert(
  trx: Trx,
  id: string,
  change: { resolved_at: string; resolved_by: string; resolution_note: string },
): Promise<boolean> {
  const r = await trx
    .updateTable('monitoring_alert')
    .set({ ...change, status: 'resolved' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
