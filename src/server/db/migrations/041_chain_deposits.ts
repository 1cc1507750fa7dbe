import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * A confirmed chain payment becomes a deposit with its evidence (issue 45, points 4 and 5, decision 059).
 * - `deposit_request.chain_coin` / `chain_txid` / `chain_vout`: the output the deposit credits. Unique
 *   together: an output credits at most once, across every person and however often the crediting
 *   runs (null on deposits with a screenshot only; nulls never collide). `coin_amount` is the
 *   output's value in the coin's smallest unit (text: any coin's units fit), `rate_micros` the rate
 *   at confirmation in micro-dollars per coin and `rate_at` when the feed gave it; the cents follow
 *   from them by core's rule (`coinToCents`, rounded down) and are the request's `amount_cents`.
 * - `chain_payment.deposit_id`: the deposit it became (unique). `refund_reason`: why it was not
 *   credited (`below_minimum`, `closing`), with the dollars it was worth then and the rate; the
 *   operators refund it and record the refund's transaction (`refunded_txid`, `refunded_at`, `refunded_by`).
 */
export interface ChainDepositColumns {
  chain_coin: string | null;
  chain_txid: string | null;
  chain_vout: number | null;
  coin_amount: string | null;
  rate_micros: number | string | null;
  rate_at: string | null;
}

export interface ChainPaymentOutcomeColumns {
  deposit_id: string | null;
  refund_reason: 'below_minimum' | 'closing' | null;
  refund_cents: number | null;
  refund_rate_micros: number | string | null;
  refund_raised_at: string | null;
  refunded_txid: string | null;
  refunded_at: string | null;
  refunded_by: string | null;
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  for (const [column, type] of [
    ['chain_coin', 'text'],
    ['chain_txid', 'text'],
    ['chain_vout', 'integer'],
    ['coin_amount', 'text'],
    ['rate_micros', 'bigint'],
    ['rate_at', 'text'],
  ] as const)
    await db.schema.alterTable('deposit_request').addColumn(column, type).execute();
  await db.schema
    .createIndex('deposit_request_chain_output')
    .on('deposit_request')
    .columns(['chain_coin', 'chain_txid', 'chain_vout'])
    .unique()
    .execute();

  for (const [column, type] of [
    ['deposit_id', 'text'],
    ['refund_reason', 'text'],
    ['refund_cents', 'bigint'],
    ['refund_rate_micros', 'bigint'],
    ['refund_raised_at', 'text'],
    ['refunded_txid', 'text'],
    ['refunded_at', 'text'],
    ['refunded_by', 'text'],
  ] as const)
    await db.schema.alterTable('chain_payment').addColumn(column, type).execute();
  await db.schema.createIndex('chain_payment_deposit').on('chain_payment').column('deposit_id').unique().execute();
  // The crediting pass: confirmed payments with no outcome yet; the refunds queue.
  await db.schema
    .createIndex('chain_payment_outcome')
    .on('chain_payment')
    .columns(['state', 'deposit_id', 'refund_reason'])
    .execute();
}
