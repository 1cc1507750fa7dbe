import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * `ledger_tx_user_time` (user, time) has no reader: statements reach journal rows through their
 * entries, idempotency through `ledger_tx_idempotency`. Every money movement still paid for it, on
 * SQLite one more page written to the log at each commit (decision 021).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('ledger_tx_user_time').execute();
}
