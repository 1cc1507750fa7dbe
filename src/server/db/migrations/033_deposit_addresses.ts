import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * An address per investor for BTC and LTC (issue 45, decision 044).
 * - `deposit_address`: the receive address `…/0/derivation_index` of the configured account key that
 *   was given to a person for a coin, allocated the first time they need it and theirs for good. The
 *   unique keys decide every race: one address per person and coin, one person per index and address.
 *   `key_fingerprint` is the account key's BIP32 fingerprint, to tell addresses of a replaced key.
 * - `deposit_request.deposit_coin` / `deposit_address`: the coin and address the person was shown
 *   when they filed (null for requests filed before, or without a coin to pay to).
 */
export interface DepositAddressTables {
  deposit_address: {
    user_id: string;
    coin: 'BTC' | 'LTC';
    derivation_index: number;
    address: string;
    key_fingerprint: string;
    created_at: string;
  };
}

export interface DepositPaidToColumns {
  deposit_coin: string | null;
  deposit_address: string | null;
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('deposit_address')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_profile.user_id'))
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('derivation_index', 'integer', (c) => c.notNull().check(sqlNonNegative()))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('key_fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deposit_address_pk', ['user_id', 'coin'])
    .addUniqueConstraint('deposit_address_index', ['coin', 'derivation_index'])
    .addUniqueConstraint('deposit_address_address', ['coin', 'address'])
    .execute();
  await db.schema.alterTable('deposit_request').addColumn('deposit_coin', 'text').execute();
  await db.schema.alterTable('deposit_request').addColumn('deposit_address', 'text').execute();
}

function sqlNonNegative() {
  return sql`derivation_index >= 0`;
}
