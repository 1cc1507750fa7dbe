import { sql } from 'kysely';
import { accountId } from '../../../core/ledger';
import type { Database } from '../../db/schema';
import type { Queryable, Trx } from '../ledger/ledger.repo';

export type DepositRow = Database['deposit_request'];
export type WithdrawalRow = Database['withdrawal_request'];

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

export async function insertWithdrawal(trx: Trx, row: WithdrawalRow): Promise<void> {
  await trx.insertInto('withdrawal_request').values(row).execute();
}

/**
 * Takes the row lock of the user's available balance until the end of the transaction (a no-op
 * write, so it works alike on both dialects). A first investment debits that row in its own
 * transaction, so after this a read sees it committed, or it waits for us.
 */
export async function lockAvailableBalance(trx: Trx, userId: string): Promise<void> {
  await trx
    .updateTable('ledger_account')
    .set({ balance_cents: sql`balance_cents` })
    .where('id', '=', accountId({ owner: userId, kind: 'available' }))
    .execute();
}

/** Serializes one person's request filings: a no-op write of their profile row (a row lock on PostgreSQL). */
export async function lockRequestsOf(trx: Trx, userId: string): Promise<void> {
  await trx
    .updateTable('user_profile')
    .set({ updated_at: sql`updated_at` })
    .where('user_id', '=', userId)
    .execute();
}

/** When the user first invested (stopped investments included), as committed now. */
export async function firstInvestmentAt(trx: Trx, userId: string): Promise<Date | null> {
  const row = await trx
    .selectFrom('investment')
    .select((eb) => eb.fn.min<string | null>('created_at').as('first'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.first ? new Date(row.first) : null;
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
