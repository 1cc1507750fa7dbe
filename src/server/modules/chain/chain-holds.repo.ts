import type { ChainCoin } from '../../../core/chain/account-key';
import type { Database } from '../../db/schema';
import type { Queryable } from '../ledger/ledger.repo';

export type ChainHoldRow = Database['chain_hold'];
export type ChainHoldKey = Pick<ChainHoldRow, 'coin' | 'txid' | 'vout' | 'block_hash'>;

/** A hold with the person it holds, the payment's amount and the operator who released it. */
function listed(q: Queryable) {
  return q
    .selectFrom('chain_hold as h')
    .innerJoin('user_profile as p', 'p.user_id', 'h.user_id')
    .leftJoin('chain_payment as c', (j) =>
      j.onRef('c.coin', '=', 'h.coin').onRef('c.txid', '=', 'h.txid').onRef('c.vout', '=', 'h.vout'),
    )
    .leftJoin('user as r', 'r.id', 'h.released_by')
    .selectAll('h')
    .select(['p.uid', 'p.full_name', 'p.email', 'c.amount', 'r.name as releaser_name']);
}
export type ListedHold = Awaited<ReturnType<ReturnType<typeof listed>['execute']>>[number];

/**
 * Open holds oldest first (the longest waiting on top), released ones most recently released first;
 * of one person when `userId` is given.
 */
export async function holdsIn(
  q: Queryable,
  status: 'open' | 'released',
  limit: number,
  userId?: string,
): Promise<ListedHold[]> {
  let query = listed(q).where('h.released_at', status === 'open' ? 'is' : 'is not', null);
  if (userId !== undefined) query = query.where('h.user_id', '=', userId);
  return (
    status === 'open'
      ? query.orderBy('h.raised_at').orderBy('h.txid')
      : query.orderBy('h.released_at', 'desc').orderBy('h.txid')
  )
    .limit(limit)
    .execute();
}

export async function countOpen(q: Queryable, userId?: string): Promise<number> {
  let query = q
    .selectFrom('chain_hold')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('released_at', 'is', null);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const r = await query.executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The oldest open hold of a person, if any: when their withdrawals were held. */
export async function firstOpenOf(q: Queryable, userId: string) {
  return q
    .selectFrom('chain_hold')
    .select('raised_at')
    .where('user_id', '=', userId)
    .where('released_at', 'is', null)
    .orderBy('raised_at')
    .limit(1)
    .executeTakeFirst();
}

export async function findHold(q: Queryable, key: ChainHoldKey): Promise<ListedHold | undefined> {
  return listed(q)
    .where('h.coin', '=', key.coin)
    .where('h.txid', '=', key.txid)
    .where('h.vout', '=', key.vout)
    .where('h.block_hash', '=', key.block_hash)
    .executeTakeFirst();
}

/** Releases a hold still open; false when it is not (released meanwhile, or no such hold). */
export async function releaseHold(
  q: Queryable,
  key: ChainHoldKey,
  change: { released_at: string; released_by: string },
): Promise<boolean> {
  const r = await q
    .updateTable('chain_hold')
    .set(change)
    .where('coin', '=', key.coin as ChainCoin)
    .where('txid', '=', key.txid)
    .where('vout', '=', key.vout)
    .where('block_hash', '=', key.block_hash)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
