import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect';

/**
 * The live PostgreSQL functions (decision 031), each in one file of `functions/` (a
 * `create or replace function`), in the order they are applied: a function before its callers.
 */
export const functionNames = ['atlas_post_movement', 'atlas_post_movements'] as const;

export interface FunctionFile {
  name: string;
  text: string;
}

/**
 * The files as they are on disk: beside this module in the source (src/server/db/functions/), and
 * beside the bundle once built (dist/server/functions/, copied there by scripts/build-server.mjs).
 * A missing file stops the start: the server never runs on a function older than its code.
 */
export function functionFiles(): FunctionFile[] {
  return functionNames.map((name) => ({
    name,
    text: readFileSync(new URL(`./functions/${name}.sql`, import.meta.url), 'utf8'),
  }));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Brings the database's functions to the files (PostgreSQL; SQLite has none): a file whose SHA-256
 * differs from the one recorded in `db_function` (migration 023) is run and its hash recorded, in
 * one transaction, under the migrator's own lock, so that of several instances starting at once
 * one applies it and the others find it recorded. An unchanged file is not touched. Returns the
 * names applied.
 */
export async function applyFunctions(
  db: Kysely<any>,
  dialect: Dialect,
  files: FunctionFile[] = functionFiles(),
): Promise<string[]> {
  if (dialect !== 'postgres') return [];
  const adapter = new PostgresAdapter();
  const lock = { lockTable: 'kysely_migration_lock', lockRowId: 'migration_lock' };
  return db.connection().execute(async (conn) => {
    await adapter.acquireMigrationLock(conn, lock);
    try {
      return await conn.transaction().execute(async (trx) => {
        const { rows } = await sql<{ name: string; sha256: string }>`select name, sha256 from db_function`.execute(trx);
        const recorded = new Map(rows.map((r) => [r.name, r.sha256]));
        const applied: string[] = [];
        for (const file of files) {
          const hash = sha256(file.text);
          if (recorded.get(file.name) === hash) continue;
          await sql.raw(file.text).execute(trx);
          await sql`insert into db_function (name, sha256, applied_at) values (${file.name}, ${hash}, ${new Date().toISOString()})
            on conflict (name) do update set sha256 = excluded.sha256, applied_at = excluded.applied_at`.execute(trx);
          applied.push(file.name);
        }
        return applied;
      });
    } finally {
      await adapter.releaseMigrationLock(conn, lock);
    }
  });
}
