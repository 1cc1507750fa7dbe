import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Write cost on the hottest path (every transfer, invest and stop), measured with bench/transfers:
 * - the idempotency index covers only transactions that carry a key; requests without one no
 *   longer write an index entry that no lookup can ever use;
 * - internal transfers are read by id (from the ledger's references), never by sender or
 *   recipient, so those two indexes only cost writes.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('ledger_tx_idempotency').execute();
  await db.schema
    .createIndex('ledger_tx_idempotency')
    .on('ledger_tx')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  await db.schema.dropIndex('internal_transfer_sender').execute();
  await db.schema.dropIndex('internal_transfer_recipient').execute();
}
