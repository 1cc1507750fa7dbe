import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The statement's running balance is a window sum over one account's entries. With the amount and
 * the transaction in the index, that sum reads the index alone (an index-only scan on PostgreSQL,
 * a covering index on SQLite). Without them, on a database of a million investments PostgreSQL
 * chose a parallel bitmap scan of ledger_entry for a 1,000-line history and spent ~10 ms starting
 * a worker (bench/portfolio). The new index starts with the old one's columns, which it replaces.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('ledger_entry_account_balance')
    .on('ledger_entry')
    .columns(['account_id', 'id', 'amount_cents', 'tx_id'])
    .execute();
  await db.schema.dropIndex('ledger_entry_account').execute();
}
