import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle } from '../../src/server/db/index';

export type CrashDialect = 'sqlite' | 'postgres';

/** The data of one round: a DATA_DIR and, on PostgreSQL, a fresh database of its own. */
export interface CrashData {
  dialect: CrashDialect;
  dataDir: string;
  /** Environment the server and the CLI need for this data. */
  env: Record<string, string>;
  /** A short-lived handle of the driver (closed before the server restarts). */
  open(): DbHandle;
  /** PostgreSQL: waits until no backend of the killed server is still working on this database. */
  settle(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createCrashData(dialect: CrashDialect, pgAdminUrl?: string): Promise<CrashData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atlas-crash-'));
  if (dialect === 'sqlite') {
    return {
      dialect,
      dataDir,
      env: {},
      open: () => createDb({ sqliteFile: path.join(dataDir, 'atlas.db') }),
      settle: async () => {},
      destroy: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!pgAdminUrl) throw new Error('PostgreSQL round needs an admin URL (TEST_DATABASE_URL)');
  // Named like the integration databases, so that an interrupted run is cleaned up by their global setup.
  const name = `atlas_t_${Date.now().toString(36)}_crash${randomBytes(3).toString('hex')}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: pgAdminUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    dialect,
    dataDir,
    env: { DATABASE_URL: url.toString() },
    open: () => createDb({ postgresUrl: url.toString(), poolSize: 4 }),
    settle: async () => {
      const t0 = Date.now();
      while (Date.now() - t0 < 15_000) {
        const { rows } = await admin((c) =>
          c.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]),
        );
        if (Number(rows[0]!.n) === 0) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('backends of the killed server still active after 15 s');
    },
    destroy: async () => {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
