import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { auditRow, type AuditEntry } from '../audit/audit.service';
import { insertAudit } from '../audit/audit.repo';
import type { Queryable } from '../ledger/ledger.repo';

const USER_KINDS = ['available', 'invested', 'withdrawal_hold'];
const INSERT_BATCH = 2000;

export type RoundRow = Database['liability_round'];
export type MemberRow = Database['liability_member'];
export type NodePageRow = Database['liability_node_page'];

export interface LedgerSnapshot {
  watermark: string;
  /** Each investor owed something: available + invested + held, from the cached balances. */
  owed: Array<{ userId: string; cents: number }>;
  /** The same liabilities summed from the journal's entries, in the same snapshot. */
  journalTotal: number;
}

/**
 * One consistent read of what is owed: on PostgreSQL a repeatable-read transaction (one snapshot
 * for every statement, recorded as the watermark with the newest entry id it sees), on SQLite a
 * transaction on the one connection, which no writer can interleave with.
 */
export async function snapshotLiabilities(db: Db, dialect: Dialect): Promise<LedgerSnapshot> {
  const tx = dialect === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  return tx.execute(async (trx) => {
    const mark =
      dialect === 'postgres'
        ? (
            await sql<{
              max_id: string | number | null;
              snap: string;
            }>`select (select max(id) from ledger_entry) as max_id, pg_current_snapshot()::text as snap`.execute(trx)
          ).rows[0]!
        : (
            await sql<{
              max_id: number | null;
              snap: null;
            }>`select max(id) as max_id, null as snap from ledger_entry`.execute(trx)
          ).rows[0]!;
    const owed = await trx
      .selectFrom('ledger_account')
      .select((eb) => ['owner_id', eb.fn.sum<number | string>('balance_cents').as('cents')])
      .where('kind', 'in', USER_KINDS)
      .groupBy('owner_id')
      .having((eb) => eb.fn.sum('balance_cents'), '>', 0)
      .execute();
    const journal = await trx
      .selectFrom('ledger_entry as e')
      .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
      .select((eb) => eb.fn.sum<number | string | null>('e.amount_cents').as('total'))
      .where('a.kind', 'in', USER_KINDS)
      .executeTakeFirstOrThrow();
    const entry = `entry ${mark.max_id ?? 0}`;
    return {
      watermark: mark.snap ? `${entry}, snapshot ${mark.snap}` : entry,
      owed: owed.map((r) => ({ userId: r.owner_id, cents: Number(r.cents) })),
      journalTotal: Number(journal.total ?? 0),
    };
  });
}

export async function noncesOf(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('liability_nonce').select(['user_id', 'nonce']).execute();
  return new Map(rows.map((r) => [r.user_id, r.nonce]));
}

export async function nonceOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('liability_nonce').select('nonce').where('user_id', '=', userId).executeTakeFirst();
  return row?.nonce;
}

/** Inserts the nonces not there yet; a nonce already written (by another instance) is kept. */
export async function insertNonces(db: Db, rows: Database['liability_nonce'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await db
      .insertInto('liability_nonce')
      .values(rows.slice(i, i + INSERT_BATCH))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
}

export async function lastRoundNo(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('liability_round')
    .select((eb) => eb.fn.max<number | null>('no').as('no'))
    .executeTakeFirst();
  return Number(row?.no ?? 0);
}

/** The round, its members, its tree and its line of the sealed trail: all or nothing. */
export async function insertRound(
  db: Db,
  round: RoundRow,
  members: MemberRow[],
  pages: NodePageRow[],
  audit: AuditEntry,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('liability_round').values(round).execute();
    for (let i = 0; i < members.length; i += INSERT_BATCH)
      await trx
        .insertInto('liability_member')
        .values(members.slice(i, i + INSERT_BATCH))
        .execute();
    for (let i = 0; i < pages.length; i += 500)
      await trx
        .insertInto('liability_node_page')
        .values(pages.slice(i, i + 500))
        .execute();
    await insertAudit(trx, auditRow(audit, now));
  });
}

const publicColumns = [
  'no',
  'asset',
  'snapshot_at',
  'watermark',
  'height',
  'root',
  'total_cents',
  'statement',
  'signature',
  'public_key',
] as const;

export async function rounds(db: Db, limit: number) {
  return db.selectFrom('liability_round').select(publicColumns).orderBy('no', 'desc').limit(limit).execute();
}

export async function round(db: Db, no: number) {
  return db.selectFrom('liability_round').select(publicColumns).where('no', '=', no).executeTakeFirst();
}

export async function roundSeed(db: Db, no: number) {
  return db.selectFrom('liability_round').select('seed').where('no', '=', no).executeTakeFirst();
}

export async function member(db: Db, roundNo: number, userId: string) {
  return db
    .selectFrom('liability_member')
    .select(['positions', 'balance_cents'])
    .where('round_no', '=', roundNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function nodePages(db: Db, roundNo: number, wanted: Array<{ level: number; page: number }>) {
  if (wanted.length === 0) return [];
  return db
    .selectFrom('liability_node_page')
    .select(['level', 'page', 'nodes'])
    .where('round_no', '=', roundNo)
    .where((eb) => eb.or(wanted.map((w) => eb.and([eb('level', '=', w.level), eb('page', '=', w.page)]))))
    .execute();
}
