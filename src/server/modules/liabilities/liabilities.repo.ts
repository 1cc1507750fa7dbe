import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { auditRow, type AuditEntry } from '../audit/audit.service';
import { insertAudit } from '../audit/audit.repo';
import type { Queryable } from '../ledger/ledger.repo';
import type { StoredValuation } from '../investing/valuation';

const USER_KINDS = ['available', 'invested', 'withdrawal_hold'];
/** Rows per bulk statement: a round writes a million members (and as many nonces the first time). */
const BULK_ROWS = 50_000;
const PAGE_BATCH = 500;

export type RoundRow = Database['liability_round'];
export type MemberRow = Database['liability_member'];
export type NodePageRow = Database['liability_node_page'];

export interface LedgerSnapshot {
  watermark: string;
  /** Each investor owed something: available + invested + held, from the cached balances. */
  owed: Array<{ userId: string; cents: number }>;
  /** The same liabilities summed from the journal's entries, in the same snapshot. */
  journalTotal: number;
  /**
   * The active investments whose value can differ from their principal (crypto, or a stored value
   * not the amount), in the same snapshot: a round counts each at what stopping it would credit.
   */
  investments: Array<StoredValuation & { user_id: string }>;
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
    // SQLite: a scan of the accounts in the order they are stored, not through an index whose order
    // is not theirs (a million random reads; a million-investor snapshot took three times as long).
    const notIndexed = dialect === 'sqlite' ? sql`not indexed` : sql``;
    const kinds = sql.join(USER_KINDS);
    const owed = (
      await sql<{ owner_id: string; cents: number | string }>`
        select owner_id, sum(balance_cents) as cents from ledger_account ${notIndexed}
        where kind in (${kinds}) group by owner_id having sum(balance_cents) > 0`.execute(trx)
    ).rows;
    const journal = (
      await sql<{ total: number | string | null }>`
        select sum(e.amount_cents) as total from ledger_entry e join ledger_account a ${notIndexed} on a.id = e.account_id
        where a.kind in (${kinds})`.execute(trx)
    ).rows[0]!;
    const investments = await trx
      .selectFrom('investment')
      .select(['user_id', 'area', 'amount_cents', 'current_value_cents', 'btc_price_at_investment_cents'])
      .where('is_active', '=', 1)
      .where((eb) => eb.or([eb('area', '=', 'crypto'), eb('current_value_cents', '<>', eb.ref('amount_cents'))]))
      .execute();
    const entry = `entry ${mark.max_id ?? 0}`;
    return {
      watermark: mark.snap ? `${entry}, snapshot ${mark.snap}` : entry,
      owed: owed.map((r) => ({ userId: r.owner_id, cents: Number(r.cents) })),
      journalTotal: Number(journal.total ?? 0),
      investments,
    };
  });
}

type Column = { name: string; pg: 'text' | 'bigint' | 'integer' };

/**
 * Many rows in few statements: each batch is one JSON array of rows, read by the database itself
 * (`json_each` on SQLite, `json_array_elements` on PostgreSQL), in the order given. Table and
 * column names are this module's constants, never input. With `onConflictDoNothing`, resolves to
 * that column's value of every row really written.
 */
async function insertMany(
  db: Queryable,
  dialect: Dialect,
  table: string,
  columns: readonly Column[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
  onConflictDoNothing?: string,
): Promise<string[]> {
  const names = sql.join(columns.map((c) => sql.ref(c.name)));
  const values = sql.join(
    columns.map((c, i) =>
      dialect === 'postgres' ? sql`(value ->> ${sql.lit(i)})::${sql.raw(c.pg)}` : sql`value ->> ${sql.lit(i)}`,
    ),
  );
  const from = dialect === 'postgres' ? sql`json_array_elements` : sql`json_each`;
  const conflict = onConflictDoNothing
    ? sql`on conflict (${sql.ref(onConflictDoNothing)}) do nothing returning ${sql.ref(onConflictDoNothing)} as written`
    : sql``;
  const written: string[] = [];
  for (let first = 0; first < rows.length; first += BULK_ROWS) {
    const batch = JSON.stringify(rows.slice(first, first + BULK_ROWS));
    // `where true`: without a WHERE, SQLite would read the ON CONFLICT as a join's ON.
    const result = await sql<{ written: string }>`insert into ${sql.table(table)} (${names})
      select ${values} from ${from}(${batch}) where true ${conflict}`.execute(db);
    for (const row of result.rows) written.push(row.written);
  }
  return written;
}

export async function noncesOf(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('liability_nonce').select(['user_id', 'nonce']).execute();
  return new Map(rows.map((r) => [r.user_id, r.nonce]));
}

export async function nonceOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('liability_nonce').select('nonce').where('user_id', '=', userId).executeTakeFirst();
  return row?.nonce;
}

const nonceColumns: Column[] = [
  { name: 'user_id', pg: 'text' },
  { name: 'nonce', pg: 'text' },
  { name: 'created_at', pg: 'text' },
];

/** Inserts the nonces not there yet; a nonce already written (by another instance) is kept. Resolves to whose were written. */
export async function insertNonces(db: Db, dialect: Dialect, rows: Database['liability_nonce'][]): Promise<string[]> {
  return insertMany(
    db,
    dialect,
    'liability_nonce',
    nonceColumns,
    rows.map((r) => [r.user_id, r.nonce, r.created_at]),
    'user_id',
  );
}

export async function anythingOwed(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('kind', 'in', USER_KINDS)
    .where('balance_cents', '>', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function lastRoundNo(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('liability_round')
    .select((eb) => eb.fn.max<number | null>('no').as('no'))
    .executeTakeFirst();
  return Number(row?.no ?? 0);
}

/** The round, its members, its tree and its line of the sealed trail: all or nothing. */
const memberColumns: Column[] = [
  { name: 'round_no', pg: 'integer' },
  { name: 'user_id', pg: 'text' },
  { name: 'positions', pg: 'text' },
  { name: 'balance_cents', pg: 'bigint' },
];

export async function insertRound(
  db: Db,
  dialect: Dialect,
  round: RoundRow,
  members: MemberRow[],
  pages: NodePageRow[],
  audit: AuditEntry,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('liability_round').values(round).execute();
    await insertMany(
      trx,
      dialect,
      'liability_member',
      memberColumns,
      members.map((m) => [m.round_no, m.user_id, m.positions, m.balance_cents]),
    );
    for (let i = 0; i < pages.length; i += PAGE_BATCH)
      await trx
        .insertInto('liability_node_page')
        .values(pages.slice(i, i + PAGE_BATCH))
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
