import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Queryable, Trx } from '../ledger/ledger.repo';

export type DepositRow = Database['deposit_request'];
export type WithdrawalRow = Database['withdrawal_request'];
/** The tables whose rows are versioned (decision 033): money requests and identity verifications. */
export type RequestTable = 'deposit_request' | 'withdrawal_request' | 'identity_verification';
export type VersionColumns = Pick<
  DepositRow,
  'reason_code' | 'reason_retryable' | 'internal_note' | 'previous_id' | 'root_id' | 'version'
>;

/** One of the person's own requests (every versioned table has these columns). */
export async function findOwnRequest(db: Queryable, table: RequestTable, userId: string, id: string) {
  return db
    .selectFrom(table as 'deposit_request')
    .select(['id', 'status', 'reason_retryable', 'version', 'root_id'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function hasNextVersion(db: Queryable, table: RequestTable, id: string): Promise<boolean> {
  const row = await db
    .selectFrom(table as 'deposit_request')
    .select('id')
    .where('previous_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every version of the given chains, first to last (operators see a request's history). */
export async function versionsOf(db: Queryable, table: 'deposit_request' | 'withdrawal_request', rootIds: string[]) {
  if (rootIds.length === 0) return [];
  return db
    .selectFrom(table as 'deposit_request')
    .select(['id', 'root_id', 'previous_id', 'version', 'amount_cents', 'status', 'reason_code', 'created_at'])
    .where('root_id', 'in', rootIds)
    .orderBy('root_id')
    .orderBy('version')
    .execute();
}

export async function insertDeposit(trx: Queryable, row: DepositRow): Promise<void> {
  await trx.insertInto('deposit_request').values(row).execute();
}

export async function findDepositByKey(db: Queryable, userId: string, key: string): Promise<DepositRow | undefined> {
  return db
    .selectFrom('deposit_request')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function countPendingDeposits(db: Queryable, userId: string): Promise<number> {
  const row = await db
    .selectFrom('deposit_request')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Serializes one person's request filings: a no-op write of their profile row (a row lock on PostgreSQL). */
export async function lockRequestsOf(trx: Trx, userId: string): Promise<void> {
  await trx
    .updateTable('user_profile')
    .set({ updated_at: sql`updated_at` })
    .where('user_id', '=', userId)
    .execute();
}

const HISTORY_LIMIT = 50;

export async function depositsOf(db: Queryable, userId: string): Promise<DepositRow[]> {
  return db
    .selectFrom('deposit_request')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
}

export async function withdrawalsOf(db: Queryable, userId: string): Promise<WithdrawalRow[]> {
  return db
    .selectFrom('withdrawal_request')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
}

export async function transfersOf(db: Queryable, userId: string) {
  const [sent, received] = await Promise.all([
    db
      .selectFrom('internal_transfer as t')
      .innerJoin('user_profile as p', 'p.user_id', 't.recipient_id')
      .select(['t.id', 't.amount_cents', 't.created_at', 'p.uid', 'p.full_name'])
      .where('t.sender_id', '=', userId)
      .orderBy('t.created_at', 'desc')
      .limit(HISTORY_LIMIT)
      .execute(),
    db
      .selectFrom('internal_transfer as t')
      .innerJoin('user_profile as p', 'p.user_id', 't.sender_id')
      .select(['t.id', 't.amount_cents', 't.created_at', 'p.uid', 'p.full_name'])
      .where('t.recipient_id', '=', userId)
      .orderBy('t.created_at', 'desc')
      .limit(HISTORY_LIMIT)
      .execute(),
  ]);
  return { sent, received };
}
