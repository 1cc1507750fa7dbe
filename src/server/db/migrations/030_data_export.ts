import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The investor's data exports (issue 28, item 1; decision 038). One row per request: a leased job
 * builds the ZIP (status `queued` → `building` → `ready`, or `failed`), records its progress
 * (0–100) as it goes, stores the file outside the database and says where, how large and its
 * SHA-256. The file can be downloaded until `expires_at` (24 hours after it was ready), then it is
 * deleted and the row says `expired`. `claimed_until` is the building instance's lease on the row.
 */
export interface DataExportTables {
  data_export: {
    id: string;
    user_id: string;
    status: 'queued' | 'building' | 'ready' | 'failed' | 'expired';
    progress: number;
    requested_at: string;
    started_at: string | null;
    ready_at: string | null;
    expires_at: string | null;
    claimed_until: string | null;
    file_key: string | null;
    size_bytes: number | null;
    sha256: string | null;
    error: string | null;
  };
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('data_export')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('file_key', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('data_export_user').on('data_export').columns(['user_id', 'requested_at']).execute();
  await db.schema.createIndex('data_export_status').on('data_export').columns(['status', 'requested_at']).execute();
  // At most one export being built per person, whatever races: a second request joins it.
  await db.schema
    .createIndex('data_export_one_unfinished')
    .on('data_export')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('queued', 'building')`)
    .execute();
}
