import { sql } from 'kysely';
import pg from 'pg';
import type { Db, DbHandle } from './index';

/** The cheapest round trip: resolves when the database answers, rejects otherwise. */
export async function databaseAnswers(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export type Readiness = { ready: true } | { ready: false; reason: string };

export interface ReadinessProbe {
  check(): Promise<Readiness>;
  close(): Promise<void>;
}

/**
 * /readyz's own check (decision 026), never queued behind the requests: on PostgreSQL a
 * connection of its own, outside the pool, that asks for the lock a money movement needs on the
 * balances (`row exclusive`, which no other writer holds against it) and gives up after
 * `timeoutMs`: a table locked against writes, an unreachable or stuck server, or a pool whose
 * queue is as long as the pool itself all answer "not ready". On SQLite the one connection
 * answers synchronously; only a broken file can fail it.
 */
export function createReadinessProbe(dbh: DbHandle, timeoutMs: number): ReadinessProbe {
  const pool = dbh.pool;
  if (!pool) {
    return {
      check: async () => {
        try {
          dbh.sqlite?.prepare('select 1 from ledger_account limit 1').get();
          return { ready: true };
        } catch (err) {
          return { ready: false, reason: String((err as { code?: string }).code ?? 'error') };
        }
      },
      close: async () => {},
    };
  }
  const options = (pool as unknown as { options: pg.PoolConfig }).options;
  const max = options.max ?? 10;
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;

  const drop = (c: pg.Client) => {
    if (client === c) client = null;
    void c.end().catch(() => {});
  };
  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({
        connectionString: options.connectionString,
        connectionTimeoutMillis: timeoutMs,
        statement_timeout: timeoutMs,
        query_timeout: timeoutMs + 100,
        application_name: 'atlas-readyz',
      });
      c.on('error', () => drop(c));
      try {
        await c.connect();
      } catch (err) {
        void c.end().catch(() => {});
        throw err;
      }
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const probe = async (): Promise<Readiness> => {
    if (pool.waitingCount >= max) return { ready: false, reason: 'pool_saturated' };
    const c = await connection();
    try {
      await c.query(
        `begin; set local lock_timeout = ${Math.max(1, timeoutMs - 200)}; lock table ledger_account in row exclusive mode; rollback`,
      );
    } catch (err) {
      // The session may be left in an aborted transaction: a fresh one next time.
      drop(c);
      throw err;
    }
    return { ready: true };
  };

  return {
    async check() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<Readiness>((resolve) => {
        timer = setTimeout(() => resolve({ ready: false, reason: 'timeout' }), timeoutMs);
      });
      try {
        return await Promise.race([
          probe().catch((err: unknown): Readiness => ({
            ready: false,
            reason: String((err as { code?: string }).code ?? (err as Error).message ?? 'error'),
          })),
          late,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}
