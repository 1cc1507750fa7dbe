import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Rejection reasons and corrected requests (issue 26, items 4 and 5), on deposits and withdrawals:
 * the catalogue code of a rejection and whether it may be corrected (fixed when the operator
 * decides), the operator's internal note (never shown to the person), and versions: a correction
 * is a new request pointing at the rejected one (`previous_id`, unique: one next version each),
 * sharing the first one's `root_id`, numbered from 1.
 */
export interface RequestVersionColumns {
  reason_code: string | null;
  /** 1 when the rejection's reason lets the person correct the request; null before a rejection. */
  reason_retryable: number | null;
  internal_note: string | null;
  previous_id: string | null;
  root_id: string | null;
  version: number;
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  for (const table of ['deposit_request', 'withdrawal_request']) {
    await db.schema.alterTable(table).addColumn('reason_code', 'text').execute();
    await db.schema.alterTable(table).addColumn('reason_retryable', 'integer').execute();
    await db.schema.alterTable(table).addColumn('internal_note', 'text').execute();
    await db.schema.alterTable(table).addColumn('previous_id', 'text').execute();
    await db.schema.alterTable(table).addColumn('root_id', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`update ${sql.table(table)} set root_id = id where root_id is null`.execute(db);
    // The last line of defence against two corrections of one rejected request.
    await db.schema.createIndex(`${table}_previous`).on(table).column('previous_id').unique().execute();
    await db.schema.createIndex(`${table}_root`).on(table).columns(['root_id', 'version']).execute();
  }
}
