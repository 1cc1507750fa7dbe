import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

export interface LedgerTables {
  /** Deterministic ids: `u:<userId>:<kind>` for users, `platform:<kind>` for the platform. */
  ledger_account: { id: string; owner_id: string; kind: string; balance_cents: number; created_at: string };
  ledger_tx: {
    id: string;
    type: string;
    user_id: string;
    idempotency_key: string | null;
    request_hash: string | null;
    response: string | null;
    ref_type: string | null;
    ref_id: string | null;
    created_by: string;
    created_at: string;
  };
  ledger_entry: { id: number | undefined; tx_id: string; account_id: string; amount_cents: number };
  investment: {
    id: string;
    user_id: string;
    area: string;
    amount_cents: number;
    current_value_cents: number;
    btc_price_at_investment_cents: number | null;
    is_active: number;
    created_at: string;
    stopped_at: string | null;
    invest_tx_id: string;
    stop_tx_id: string | null;
  };
  internal_transfer: {
    id: string;
    sender_id: string;
    recipient_id: string;
    recipient_uid: string;
    amount_cents: number;
    status: string;
    tx_id: string;
    created_at: string;
  };
  audit_log: {
    id: string;
    actor_id: string;
    action: string;
    target_type: string;
    target_id: string;
    before: string | null;
    after: string | null;
    at: string;
  };
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('ledger_account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The database itself refuses a negative user balance, whatever the code does.
    .addCheckConstraint('user_balance_not_negative', sql`kind like 'platform_%' or balance_cents >= 0`)
    .execute();
  await db.schema
    .createIndex('ledger_account_owner')
    .on('ledger_account')
    .columns(['owner_id', 'kind'])
    .unique()
    .execute();

  await db.schema
    .createTable('ledger_tx')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('response', 'text')
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_tx_idempotency')
    .on('ledger_tx')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('ledger_tx_user_time').on('ledger_tx').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('ledger_entry')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('tx_id', 'text', (c) => c.notNull().references('ledger_tx.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('ledger_account.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entry_tx').on('ledger_entry').column('tx_id').execute();
  await db.schema.createIndex('ledger_entry_account').on('ledger_entry').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('investment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('current_value_cents', 'bigint', (c) => c.notNull())
    .addColumn('btc_price_at_investment_cents', 'bigint')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'text')
    .addColumn('invest_tx_id', 'text', (c) => c.notNull().references('ledger_tx.id'))
    .addColumn('stop_tx_id', 'text', (c) => c.references('ledger_tx.id'))
    .addCheckConstraint('investment_amount_positive', sql`amount_cents > 0`)
    .execute();
  await db.schema
    .createIndex('investment_user_active')
    .on('investment')
    .columns(['user_id', 'is_active', 'created_at'])
    .execute();

  await db.schema
    .createTable('internal_transfer')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('recipient_uid', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tx_id', 'text', (c) => c.notNull().references('ledger_tx.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('internal_transfer_sender')
    .on('internal_transfer')
    .columns(['sender_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('internal_transfer_recipient')
    .on('internal_transfer')
    .columns(['recipient_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id']).execute();
}
