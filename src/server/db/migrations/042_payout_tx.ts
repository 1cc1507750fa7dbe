import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Payouts with their transaction (issue 45, point 6, decision 057). The settling approval of a
 * withdrawal records the transaction that paid it:
 * - `payout_txid`: the id as the coin's explorers write it (lower-case hex for BTC, LTC, TRON and
 *   BNB's 0x form; base58 for SOL). UNIQUE: one transaction settles one withdrawal, whichever
 *   operator or instance tries to reuse it.
 * - `payout_verified`: 1 when the server read the transaction's bytes from the coin's provider and
 *   found an output paying the address the amount; 0 when no provider checks that coin (recorded as
 *   the operator gave it, shown as not verified).
 * - `payout_coin_amount`: what the matching output pays, in the coin's smallest unit (verified only).
 * - `payout_confirmations`: followed by the chain watch until the coin's threshold (verified only).
 * - `payout_checked_at`: when the transaction was checked, then when its confirmations last moved.
 */
export interface PayoutTxColumns {
  payout_txid: string | null;
  payout_verified: number | null;
  payout_coin_amount: number | string | null;
  payout_confirmations: number | null;
  payout_checked_at: string | null;
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('withdrawal_request').addColumn('payout_txid', 'text').execute();
  await db.schema.alterTable('withdrawal_request').addColumn('payout_verified', 'integer').execute();
  await db.schema.alterTable('withdrawal_request').addColumn('payout_coin_amount', 'bigint').execute();
  await db.schema.alterTable('withdrawal_request').addColumn('payout_confirmations', 'integer').execute();
  await db.schema.alterTable('withdrawal_request').addColumn('payout_checked_at', 'text').execute();
  await db.schema
    .createIndex('withdrawal_request_payout_txid')
    .on('withdrawal_request')
    .column('payout_txid')
    .unique()
    .execute();
}
