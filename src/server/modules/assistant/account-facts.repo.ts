import { sql } from 'kysely';
import type { Queryable } from '../ledger/ledger.repo';

/** Deposits worth mentioning: the newest few, which include every pending one (at most a handful). */
const DEPOSITS_READ = 10;
const WITHDRAWALS_READ = 5;
const TRANSFERS_READ = 3;

export async function recentDeposits(db: Queryable, userId: string) {
  return db
    .selectFrom('deposit_request')
    .select([
      'id',
      'amount_cents',
      'status',
      'created_at',
      'processed_at',
      'admin_notes',
      'first_approved_at',
      'reason_code',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DEPOSITS_READ)
    .execute();
}

/** Pending deposits of anyone sent before this one: the ones an operator meets first in the queue. */
export async function pendingDepositsAhead(db: Queryable, deposit: { id: string; created_at: string }) {
  const row = await db
    .selectFrom('deposit_request')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('created_at', '<', deposit.created_at),
        eb.and([eb('created_at', '=', deposit.created_at), eb('id', '<', deposit.id)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function pendingWithdrawals(db: Queryable, userId: string) {
  return db
    .selectFrom('withdrawal_request')
    .select(['amount_cents', 'created_at', 'first_approved_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'asc')
    .limit(WITHDRAWALS_READ)
    .execute();
}

/** The newest transfers in each direction with the other person's UID. */
export async function recentTransfers(db: Queryable, userId: string) {
  const [sent, received] = await Promise.all([
    db
      .selectFrom('internal_transfer as t')
      .select(['t.amount_cents', 't.recipient_uid as uid', 't.created_at'])
      .where('t.sender_id', '=', userId)
      .orderBy('t.created_at', 'desc')
      .limit(TRANSFERS_READ)
      .execute(),
    db
      .selectFrom('internal_transfer as t')
      .innerJoin('user_profile as p', 'p.user_id', 't.sender_id')
      .select(['t.amount_cents', 'p.uid as uid', 't.created_at'])
      .where('t.recipient_id', '=', userId)
      .orderBy('t.created_at', 'desc')
      .limit(TRANSFERS_READ)
      .execute(),
  ]);
  return { sent, received };
}
