import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * PostgreSQL: the live functions are files from now on (src/server/db/functions/, decision 031),
 * applied at start after the migrations when a file's SHA-256 differs from the one recorded here.
 * Migrations 015 to 021 keep their copies: a fresh database runs them, then the files replace the
 * functions with the same text and record their hashes. SQLite has no functions.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.schema
    .createTable('db_function')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
}
