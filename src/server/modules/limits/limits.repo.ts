import type { Queryable } from '../ledger/ledger.repo';
import type { LimitDirection } from '../../../core/tiers';
import type { Where } from '../ledger/plan';

/**
 * Which requests count against a direction's rolling 30 days (decision 037): a withdrawal holds its
 * money when it is requested, so a pending or approved one counts from its request; a deposit
 * counts once approved, from its approval. The plan's `cap` step and this read use the same rows.
 */
export function countedRequests(
  direction: LimitDirection,
  userId: string,
  since: Date,
): { table: 'withdrawal_request' | 'deposit_request'; where: Where } {
  return direction === 'withdrawal'
    ? {
        table: 'withdrawal_request',
        where: { user_id: userId, status: { in: ['pending', 'approved'] }, created_at: { gt: since.toISOString() } },
      }
    : {
        table: 'deposit_request',
        where: { user_id: userId, status: 'approved', processed_at: { gt: since.toISOString() } },
      };
}

/** The cents counted against a direction's rolling 30 days. */
export async function usedSince(
  db: Queryable,
  direction: LimitDirection,
  userId: string,
  since: Date,
): Promise<number> {
  const { table } = countedRequests(direction, userId, since);
  let q = db
    .selectFrom(table)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('used'))
    .where('user_id', '=', userId);
  q =
    direction === 'withdrawal'
      ? q.where('status', 'in', ['pending', 'approved']).where('created_at', '>', since.toISOString())
      : q.where('status', '=', 'approved').where('processed_at', '>', since.toISOString());
  const row = await q.executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** When the oldest request counted in the window was counted: the day it leaves, part of the limit frees. */
export async function oldestCountedAt(
  db: Queryable,
  direction: LimitDirection,
  userId: string,
  since: Date,
): Promise<string | null> {
  const row =
    direction === 'withdrawal'
      ? await db
          .selectFrom('withdrawal_request')
          .select((eb) => eb.fn.min<string>('created_at').as('at'))
          .where('user_id', '=', userId)
          .where('status', 'in', ['pending', 'approved'])
          .where('created_at', '>', since.toISOString())
          .executeTakeFirst()
      : await db
          .selectFrom('deposit_request')
          .select((eb) => eb.fn.min<string>('processed_at').as('at'))
          .where('user_id', '=', userId)
          .where('status', '=', 'approved')
          .where('processed_at', '>', since.toISOString())
          .executeTakeFirst();
  return row?.at ?? null;
}
