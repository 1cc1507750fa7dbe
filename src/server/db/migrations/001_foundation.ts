import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

export interface FoundationTables {
  /** A lease per scheduled job, so that one instance runs it at a time (brief §7, scale-out). */
  job_lease: { name: string; holder: string; expires_at: string };
}

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('job_lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
