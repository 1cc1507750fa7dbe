import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Dual control, frozen accounts, a fuller audit trail and the seals of the hash chain
 * (decision 015).
 */
export interface DualControlTables {
  /** A row means the account is frozen; unfreezing deletes it (the audit trail keeps the history). */
  account_freeze: { user_id: string; reason: string; frozen_at: string; frozen_by: string };
  /**
   * One link of the chain: covers the rows stamped with its number. `items` is what it saw of
   * each row, one `kind:key:hash` line per row in order (one write per seal, not one per row).
   */
  ledger_seal: {
    no: number;
    prev_hash: string;
    hash: string;
    rows: number;
    sealed_at: string;
    items: string;
    upto_entry: number | null;
  };
}

/** Columns this migration adds to earlier tables (merged into their types in schema.ts). */
export interface RequestStageColumns {
  first_approved_by: string | null;
  first_approved_at: string | null;
}
export interface SealedColumn {
  seal_no: number | null;
}
export interface AuditColumns {
  ip: string | null;
  user_agent: string | null;
  result: string;
  seal_no: number | null;
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  for (const table of ['deposit_request', 'withdrawal_request']) {
    await db.schema.alterTable(table).addColumn('first_approved_by', 'text').execute();
    await db.schema.alterTable(table).addColumn('first_approved_at', 'text').execute();
  }
  await db.schema
    .createTable('account_freeze')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('frozen_at', 'text', (c) => c.notNull())
    .addColumn('frozen_by', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('audit_log').addColumn('ip', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('user_agent', 'text').execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('result', 'text', (c) => c.notNull().defaultTo('ok'))
    .execute();
  await db.schema.createIndex('audit_log_time').on('audit_log').columns(['at', 'id']).execute();

  // Rows not yet sealed are found through a small partial index, whatever the size of the journal.
  for (const table of ['ledger_tx', 'ledger_entry', 'audit_log']) {
    await db.schema.alterTable(table).addColumn('seal_no', 'integer').execute();
    await db.schema.createIndex(`${table}_unsealed`).on(table).column('seal_no').where('seal_no', 'is', null).execute();
  }
  await db.schema
    .createTable('ledger_seal')
    .addColumn('no', 'integer', (c) => c.primaryKey())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('sealed_at', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    // SQLite only: the highest ledger entry id sealed so far (entries are sealed by watermark there).
    .addColumn('upto_entry', 'bigint')
    .execute();
}
