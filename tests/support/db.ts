import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle } from '../../src/server/db/index';
import type { Dialect } from '../../src/server/db/dialect';
import { migrateToLatest } from '../../src/server/db/migrate';

export const testDialect: Dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDb extends DbHandle {
  /** The URL of this test's own PostgreSQL database (PostgreSQL only), for a second app instance. */
  url?: string;
  dataDir: string;
  destroy(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, migrated database of the dialect under test, private to the calling test file. */
export async function createTestDb(): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atlas-test-'));
  if (testDialect === 'sqlite') {
    const handle = createDb({ sqliteFile: path.join(dataDir, 'test.db') });
    await migrateToLatest(handle.db, handle.dialect);
    return {
      ...handle,
      dataDir,
      destroy: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const name = `atlas_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const handle = createDb({ postgresUrl: url, poolSize: 20 });
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    url,
    dataDir,
    destroy: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Counts the statements sent through a pg pool from now on (to show that work went out as one);
 * `restore` puts the pool back as it was.
 */
export function countStatements(pool: pg.Pool): { count: () => number; restore: () => void } {
  const query = pool.query.bind(pool);
  let statements = 0;
  pool.query = ((...args: Parameters<typeof query>) => {
    statements += 1;
    return query(...args);
  }) as typeof pool.query;
  return { count: () => statements, restore: () => void (pool.query = query) };
}

/**
 * The text of every statement any pg client sends from now on, Kysely's included (to show how many
 * round trips a piece of work took); `restore` stops recording.
 */
export function recordStatements(): { texts: string[]; restore: () => void } {
  const proto = pg.Client.prototype;
  const query = proto.query;
  const texts: string[] = [];
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args as [string | { text?: string } | undefined];
    texts.push(typeof first === 'string' ? first : (first?.text ?? ''));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return { texts, restore: () => void (proto.query = query) };
}
