import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The pg pool (PostgreSQL only), for LISTEN/NOTIFY. */
  pool?: pg.Pool;
  /** The SQLite connection (SQLite only), for the precompiled statements of the hot path. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

const PG_INT8 = 20;

/** BIGINT money columns come back as exact JS integers; anything beyond 2^53 is an error, never a rounding. */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`integer out of safe range: ${text}`);
  return value;
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed statement.
 * The server issues a few hundred distinct SQL texts at most, so prepared statements are kept by
 * text (bounded, least recently used out). Safe because Kysely runs one statement at a time on the
 * single SQLite connection.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement as unknown as SqliteStatement;
    },
  };
}

export interface DbOptions {
  sqliteFile?: string;
  postgresUrl?: string;
  poolSize?: number;
  /**
   * SQLite: copy the write-ahead log into the database from a worker thread instead of during
   * commits. SQLite's automatic checkpoint runs inside whichever commit crosses the threshold and
   * blocks the whole server for its fsyncs; the long-running server turns this on, tests and the
   * CLI keep the automatic one.
   */
  backgroundCheckpoints?: boolean;
}

const CHECKPOINT_INTERVAL_MS = 200;

/** Runs PASSIVE checkpoints on a worker; falls back to SQLite's automatic ones if it cannot. */
function startCheckpointer(sqlite: SQLite.Database, file: string): () => Promise<void> {
  const worker = new Worker(new URL('./sqlite-checkpoint.worker.mjs', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  const automatic = () => sqlite.pragma('wal_autocheckpoint = 1000');
  worker.on('error', automatic);
  sqlite.pragma('wal_autocheckpoint = 0');
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return async () => {
    worker.postMessage('stop');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2000).unref())]);
    await worker.terminate();
  };
}

export function createDb(options: DbOptions): DbHandle {
  if (options.postgresUrl) {
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text'),
    };
    const pool = new pg.Pool({ connectionString: options.postgresUrl, max: options.poolSize ?? 10, types });
    pool.on('error', () => {
      /* idle client errors surface on the next query; nothing to do here */
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pool, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A log that grew during a burst is cut back to this size once copied.
  sqlite.pragma(`journal_size_limit = ${64 * 2 ** 20}`);
  const stopCheckpointer =
    options.backgroundCheckpoints && file !== ':memory:' ? startCheckpointer(sqlite, file) : null;
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    close: async () => {
      await stopCheckpointer?.();
      await db.destroy();
    },
  };
}
