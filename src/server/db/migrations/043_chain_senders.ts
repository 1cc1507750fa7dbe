import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The addresses a person sends USDT (TRC-20) or SOL from (decision 063). On those chains every
 * investor pays the platform's one address and names the transaction (decision 060); a transaction
 * id is public on chain, so the claim is accepted only from a sending address the claimant
 * registered before the transaction's block. The primary key (coin, address) gives an address to
 * one person only.
 */
export interface ChainSenderTables {
  chain_sender: {
    coin: 'USDT_TRC20' | 'SOL';
    address: string;
    user_id: string;
    registered_at: string;
  };
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('chain_sender')
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_profile.user_id'))
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_sender_pk', ['coin', 'address'])
    .execute();
  await db.schema.createIndex('chain_sender_user').on('chain_sender').columns(['user_id', 'coin']).execute();
}
