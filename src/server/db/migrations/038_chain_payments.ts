import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Following the chain (issue 45, point 2, decision 055).
 * - `chain_block`: the blocks of the best chain the watcher has read, per coin, the newest ones
 *   only (a reorganisation deeper than those is refused, not guessed). The highest row is the
 *   cursor; the primary key is what stops two instances from reading one height twice.
 * - `chain_payment`: one row per transaction output paying an investor's own address; the primary
 *   key (coin, txid, vout) is what records a payment once however often it is seen. `amount` is in
 *   the coin's smallest unit. `state`: `seen` (in the mempool), `in_block` (in a block of the best
 *   chain, fewer confirmations than the coin's threshold), `confirmed`, `orphaned` (its block left
 *   the best chain). `credited_at` is for the later crediting point: nothing sets it yet.
 * - `chain_hold`: a payment already credited whose block left the best chain: an alert for the
 *   operators, and that person's withdrawals held until an operator releases it.
 */
export interface ChainTables {
  chain_block: {
    coin: 'BTC' | 'LTC';
    height: number;
    hash: string;
    previous_hash: string;
    processed_at: string;
  };
  chain_payment: {
    /** USDT_TRC20 and SOL: payments to the platform's one address, claimed by transaction id (decision 060). */
    coin: 'BTC' | 'LTC' | 'USDT_TRC20' | 'SOL';
    txid: string;
    vout: number;
    user_id: string;
    address: string;
    amount: number | string;
    state: 'seen' | 'in_block' | 'confirmed' | 'orphaned';
    block_hash: string | null;
    block_height: number | null;
    confirmations: number;
    first_seen_at: string;
    confirmed_at: string | null;
    orphaned_at: string | null;
    credited_at: string | null;
    updated_at: string;
  };
  chain_hold: {
    coin: 'BTC' | 'LTC';
    txid: string;
    vout: number;
    user_id: string;
    /** The block that left the best chain. */
    block_hash: string;
    raised_at: string;
    released_at: string | null;
    released_by: string | null;
  };
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('chain_block')
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('previous_hash', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_block_pk', ['coin', 'height'])
    .execute();
  await db.schema
    .createTable('chain_payment')
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('vout', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_profile.user_id'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('block_hash', 'text')
    .addColumn('block_height', 'integer')
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('orphaned_at', 'text')
    .addColumn('credited_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_payment_pk', ['coin', 'txid', 'vout'])
    .addCheckConstraint('chain_payment_state', sql`state in ('seen', 'in_block', 'confirmed', 'orphaned')`)
    .addCheckConstraint('chain_payment_amount', sql`amount > 0`)
    .execute();
  // A person's payments on /deposit; the watcher's pass over the payments still in play.
  await db.schema.createIndex('chain_payment_user').on('chain_payment').columns(['user_id', 'first_seen_at']).execute();
  await db.schema
    .createIndex('chain_payment_open')
    .on('chain_payment')
    .columns(['coin', 'state', 'block_height'])
    .execute();
  await db.schema
    .createTable('chain_hold')
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('vout', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_profile.user_id'))
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .addColumn('released_by', 'text')
    .addPrimaryKeyConstraint('chain_hold_pk', ['coin', 'txid', 'vout', 'block_hash'])
    .execute();
  await db.schema.createIndex('chain_hold_user').on('chain_hold').columns(['user_id', 'released_at']).execute();
}
