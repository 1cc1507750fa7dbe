import { existsSync, mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect';
import type { Database } from './schema';
import { onFullDisk } from './faults';
import { countPoolWaits } from './stats';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The pg pool (PostgreSQL only), for LISTEN/NOTIFY. */
  pool?: pg.Pool;
  /** The SQLite connection (SQLite only), for the precompiled statements of the hot path. */
  sqlite?: SQLite.Database;
  /** The bounded waits this handle was opened with (decision 026). */
  waits?: DbWaits;
  close(): Promise<void>;
}

/** Bounded waits of a database handle (decision 026); 0 turns a PostgreSQL one off. */
export interface DbWaits {
  statementMs: number;
  lockMs: number;
  acquireMs: number;
  idleInTransactionMs: number;
  sqliteBusyMs: number;
  /** How long a money movement refused for a cause known not to have committed is retried. */
  retryMs: number;
}

/**
 * Without configuration (tests, the CLI): the historic SQLite busy timeout, no PostgreSQL
 * statement or lock timeout (a migration or a verification may take long), a generous pool wait.
 */
export const unboundedWaits: DbWaits = {
  statementMs: 0,
  lockMs: 0,
  acquireMs: 30_000,
  idleInTransactionMs: 0,
  sqliteBusyMs: 5000,
  retryMs: 5000,
};

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
      // After an error SQLite answers by rolling back itself (disk full, I/O), Kysely's own
      // rollback would fail with "cannot rollback - no transaction is active" and hide the error
      // that matters: there is nothing left to roll back.
      if (text === 'rollback' && !sqlite.inTransaction) return alreadyRolledBack;
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

const alreadyRolledBack = {
  reader: false,
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  all: () => [],
  iterate: () => [][Symbol.iterator](),
} as unknown as SqliteStatement;

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
  /** Bounded waits (decision 026); unboundedWaits where not given. */
  waits?: Partial<DbWaits>;
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

/** Room kept aside in the data folder (decision 026), given back to SQLite when the disk is full. */
const RESERVE_BYTES = 8 * 2 ** 20;

/**
 * A full disk (decision 026). The write-ahead log only restarts from its beginning once a
 * checkpoint has copied all of it into the database file, and that copy needs room for the file
 * to grow: a log that filled the disk stays full for good, even once other files are removed.
 * So the server keeps a reserve file next to the database; when a write meets a full disk (at
 * most once a second), it copies and truncates the log, giving up the reserve first if that is
 * what the copy needs. The reserve comes back once the disk has room again.
 */
function fullDiskRelief(sqlite: SQLite.Database, file: string): { relieve: () => void; stop: () => void } {
  const reserve = path.join(path.dirname(file), '.atlas-reserve');
  const keepReserve = () => {
    try {
      if (existsSync(reserve)) return;
      const { bavail, bsize } = statfsSync(path.dirname(file));
      if (bavail * bsize > 4 * RESERVE_BYTES) writeFileSync(reserve, Buffer.alloc(RESERVE_BYTES));
    } catch {
      rmSync(reserve, { force: true });
    }
  };
  keepReserve();
  const timer = setInterval(keepReserve, 10_000);
  timer.unref();
  let last = 0;
  const truncateLog = () => {
    const [result] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    if (result?.busy) throw new Error('checkpoint busy');
  };
  return {
    relieve: () => {
      const now = Date.now();
      if (now - last < 1000 || sqlite.inTransaction || !sqlite.open) return;
      last = now;
      try {
        truncateLog();
      } catch {
        try {
          rmSync(reserve, { force: true });
          truncateLog();
        } catch {
          // still no room: the next refusal tries again
        }
      }
    },
    stop: () => clearInterval(timer),
  };
}

export function createDb(options: DbOptions): DbHandle {
  const waits: DbWaits = { ...unboundedWaits, ...options.waits };
  if (options.postgresUrl) {
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text'),
    };
    const pool = new pg.Pool({
      connectionString: options.postgresUrl,
      max: options.poolSize ?? 10,
      types,
      // Waiting for a pooled connection and connecting a new one are both bounded.
      connectionTimeoutMillis: waits.acquireMs,
      ...(waits.statementMs > 0 && { statement_timeout: waits.statementMs }),
      ...(waits.lockMs > 0 && { lock_timeout: waits.lockMs }),
      ...(waits.idleInTransactionMs > 0 && { idle_in_transaction_session_timeout: waits.idleInTransactionMs }),
    });
    pool.on('error', () => {
      /* idle client errors surface on the next query; nothing to do here */
    });
    // A connection checked out between two statements (a Kysely transaction awaiting the app)
    // has no listener of the pool's: its backend terminated (57P01, a restart) would be an
    // uncaught 'error' that ends the process. The error surfaces on the next statement instead,
    // and the pool drops the connection when it comes back (decision 026).
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    countPoolWaits(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pool, waits, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Erased personal data is overwritten in the file, not left in free pages (decision 039).
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(waits.sqliteBusyMs))}`);
  // A log that grew during a burst is cut back to this size once copied.
  sqlite.pragma(`journal_size_limit = ${64 * 2 ** 20}`);
  const stopCheckpointer =
    options.backgroundCheckpoints && file !== ':memory:' ? startCheckpointer(sqlite, file) : null;
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const relief = options.backgroundCheckpoints && file !== ':memory:' ? fullDiskRelief(sqlite, file) : null;
  const forgetRelief = relief ? onFullDisk(relief.relieve) : () => {};
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    waits,
    close: async () => {
      forgetRelief();
      relief?.stop();
      await stopCheckpointer?.();
      await db.destroy();
    },
  };
}
