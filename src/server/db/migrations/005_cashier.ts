import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

type Status = 'pending' | 'approved' | 'rejected';

export interface CashierTables {
  deposit_request: {
    id: string;
    user_id: string;
    amount_cents: number;
    status: Status;
    proof_path: string | null;
    idempotency_key: string | null;
    created_at: string;
    processed_at: string | null;
    processed_by: string | null;
    admin_notes: string | null;
    tx_id: string | null;
  };
  withdrawal_request: {
    id: string;
    user_id: string;
    amount_cents: number;
    status: Status;
    crypto_type: string;
    wallet_address: string;
    created_at: string;
    processed_at: string | null;
    processed_by: string | null;
    admin_notes: string | null;
    hold_tx_id: string;
    settle_tx_id: string | null;
  };
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('deposit_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_profile.user_id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sqlPositive('amount_cents')))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('proof_path', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .addColumn('processed_by', 'text')
    .addColumn('admin_notes', 'text')
    .addColumn('tx_id', 'text', (c) => c.references('ledger_tx.id'))
    .execute();
  await db.schema
    .createIndex('deposit_request_queue')
    .on('deposit_request')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('deposit_request_time').on('deposit_request').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('deposit_request_user')
    .on('deposit_request')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('deposit_request_idempotency')
    .on('deposit_request')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('withdrawal_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_profile.user_id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sqlPositive('amount_cents')))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('crypto_type', 'text', (c) => c.notNull())
    .addColumn('wallet_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .addColumn('processed_by', 'text')
    .addColumn('admin_notes', 'text')
    .addColumn('hold_tx_id', 'text', (c) => c.notNull().references('ledger_tx.id'))
    .addColumn('settle_tx_id', 'text', (c) => c.references('ledger_tx.id'))
    .execute();
  await db.schema
    .createIndex('withdrawal_request_queue')
    .on('withdrawal_request')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('withdrawal_request_time')
    .on('withdrawal_request')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('withdrawal_request_user')
    .on('withdrawal_request')
    .columns(['user_id', 'created_at'])
    .execute();
}

function sqlPositive(column: string) {
  return sql`${sql.ref(column)} > 0`;
}
