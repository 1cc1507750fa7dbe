import type { ChainCoin } from '../../../core/chain/account-key';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import type { Queryable } from '../ledger/ledger.repo';

export type ChainBlockRow = Database['chain_block'];
export type ChainPaymentRow = Database['chain_payment'];

/** The addresses given for a coin from `fromIndex` on, in index order. */
export async function addressesFrom(db: Queryable, coin: ChainCoin, fromIndex: number) {
  return db
    .selectFrom('deposit_address')
    .select(['derivation_index', 'address'])
    .where('coin', '=', coin)
    .where('derivation_index', '>=', fromIndex)
    .orderBy('derivation_index')
    .execute();
}

export async function ownersOf(db: Queryable, coin: ChainCoin, indices: number[]) {
  if (indices.length === 0) return [];
  return db
    .selectFrom('deposit_address')
    .select(['derivation_index', 'address', 'user_id'])
    .where('coin', '=', coin)
    .where('derivation_index', 'in', indices)
    .execute();
}

/** The newest blocks read for a coin, newest first. */
export async function recentBlocks(db: Queryable, coin: ChainCoin, limit: number): Promise<ChainBlockRow[]> {
  return db
    .selectFrom('chain_block')
    .selectAll()
    .where('coin', '=', coin)
    .orderBy('height', 'desc')
    .limit(limit)
    .execute();
}

/** A block read: its row, and the rows older than the blocks kept go. */
export async function insertBlock(db: Queryable, row: ChainBlockRow, keep: number): Promise<void> {
  await db.insertInto('chain_block').values(row).execute();
  await db
    .deleteFrom('chain_block')
    .where('coin', '=', row.coin)
    .where('height', '<=', row.height - keep)
    .execute();
}

/**
 * A payment found in a block of the best chain: recorded if new, otherwise moved into that block
 * (from the mempool, or back from an orphaned block). A confirmed one in the same block stays so.
 */
export async function recordInBlock(db: Queryable, row: ChainPaymentRow): Promise<void> {
  await db
    .insertInto('chain_payment')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['coin', 'txid', 'vout']).doUpdateSet({
        state: 'in_block',
        block_hash: row.block_hash,
        block_height: row.block_height,
        confirmations: row.confirmations,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** A payment seen in the mempool: recorded if new; one already known keeps its state. */
export async function recordSeen(db: Queryable, row: ChainPaymentRow): Promise<boolean> {
  const r = await db
    .insertInto('chain_payment')
    .values(row)
    .onConflict((oc) => oc.columns(['coin', 'txid', 'vout']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The payments carried by blocks above `height`, which have just left the best chain. */
export async function paymentsAbove(db: Queryable, coin: ChainCoin, height: number) {
  return db
    .selectFrom('chain_payment')
    .selectAll()
    .where('coin', '=', coin)
    .where('state', 'in', ['in_block', 'confirmed'])
    .where('block_height', '>', height)
    .execute();
}

export async function orphanAbove(db: Queryable, coin: ChainCoin, height: number, now: string): Promise<void> {
  await db
    .updateTable('chain_payment')
    .set({
      state: 'orphaned',
      confirmations: 0,
      block_hash: null,
      block_height: null,
      orphaned_at: now,
      updated_at: now,
    })
    .where('coin', '=', coin)
    .where('state', 'in', ['in_block', 'confirmed'])
    .where('block_height', '>', height)
    .execute();
  await db.deleteFrom('chain_block').where('coin', '=', coin).where('height', '>', height).execute();
}

export async function insertHold(db: Queryable, row: Database['chain_hold']): Promise<void> {
  await db
    .insertInto('chain_hold')
    .values(row)
    .onConflict((oc) => oc.columns(['coin', 'txid', 'vout', 'block_hash']).doNothing())
    .execute();
}

/** The payments in blocks still within reach of a reorganisation, whose count may change. */
export async function paymentsInPlay(db: Queryable, coin: ChainCoin, fromHeight: number) {
  return db
    .selectFrom('chain_payment')
    .selectAll()
    .where('coin', '=', coin)
    .where('state', 'in', ['in_block', 'confirmed'])
    .where('block_height', '>=', fromHeight)
    .execute();
}

export async function setConfirmations(
  db: Queryable,
  key: Pick<ChainPaymentRow, 'coin' | 'txid' | 'vout'>,
  set: Partial<Pick<ChainPaymentRow, 'confirmations' | 'state' | 'confirmed_at' | 'updated_at'>>,
): Promise<void> {
  await db
    .updateTable('chain_payment')
    .set(set)
    .where('coin', '=', key.coin)
    .where('txid', '=', key.txid)
    .where('vout', '=', key.vout)
    .execute();
}

/** A person's payments, newest first, with the deposit each became (decision 059). */
export async function paymentsOf(db: Queryable, userId: string, limit: number) {
  return db
    .selectFrom('chain_payment as p')
    .leftJoin('deposit_request as d', 'd.id', 'p.deposit_id')
    .selectAll('p')
    .select(['d.status as deposit_status', 'd.amount_cents as deposit_cents', 'd.rate_micros as deposit_rate_micros'])
    .where('p.user_id', '=', userId)
    .orderBy('p.first_seen_at', 'desc')
    .limit(limit)
    .execute();
}

/** Verified payouts in `coin` with fewer confirmations than `wanted` (decision 057), oldest first. */
export async function payoutsToFollow(db: Queryable, coin: ChainCoin, wanted: number, limit: number) {
  return db
    .selectFrom('withdrawal_request')
    .select(['id', 'payout_txid'])
    .where('crypto_type', '=', coin)
    .where('payout_verified', '=', 1)
    .where('payout_txid', 'is not', null)
    .where((eb) => eb.or([eb('payout_confirmations', 'is', null), eb('payout_confirmations', '<', wanted)]))
    .orderBy('payout_checked_at')
    .limit(limit)
    .execute();
}

export async function setPayoutConfirmations(db: Queryable, id: string, confirmations: number, now: string) {
  await db
    .updateTable('withdrawal_request')
    .set({ payout_confirmations: confirmations, payout_checked_at: now })
    .where('id', '=', id)
    .execute();
}

/** Whether another withdrawal already has this payout transaction (decision 057; the index decides races). */
export async function payoutTxidUsedBy(db: Queryable, txid: string, exceptId: string): Promise<boolean> {
  const other = await db
    .selectFrom('withdrawal_request')
    .select('id')
    .where('payout_txid', '=', txid)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return other !== undefined;
}

/** Whether a transaction already has a payment recorded (any output, anyone's). */
export async function transactionKnown(db: Queryable, coin: ChainPaymentRow['coin'], txid: string): Promise<boolean> {
  const row = await db
    .selectFrom('chain_payment')
    .select('txid')
    .where('coin', '=', coin)
    .where('txid', '=', txid)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A claimed transaction's payments (decision 060), all or none: a plain insert, so that the primary
 * key refuses a transfer already recorded for anyone (a unique violation for the caller).
 */
export async function insertClaimed(db: Db, rows: ChainPaymentRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const row of rows) await trx.insertInto('chain_payment').values(row).execute();
  });
}
