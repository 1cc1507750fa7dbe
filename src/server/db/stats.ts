import type pg from 'pg';
import type { DbFault } from './faults';

/**
 * What the database layer counts for /metrics (decision 026): faults by kind and reason, retries
 * inside the server, and waits for a pooled connection. Plain numbers, read when /metrics is
 * scraped (observability.ts); nothing is built per query.
 */
export const dbStats = {
  /** `kind:reason` → count of errors answered as a database fault. */
  faults: new Map<string, number>(),
  /** `reason` → count of money movements retried inside the server. */
  retries: new Map<string, number>(),
  /** Connections asked of a pool that had none free (the request waited in its queue). */
  poolWaits: 0,
  /** The pools, for their live counts. */
  pools: new Set<pg.Pool>(),
};

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

export function countFault(fault: DbFault): void {
  bump(dbStats.faults, `${fault.kind}:${fault.reason}`);
}

export function countRetry(reason: string): void {
  bump(dbStats.retries, reason);
}

/** Counts each connect() that will queue; pg.Pool's query() goes through connect() too. */
export function countPoolWaits(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const max = (pool as unknown as { options: { max: number } }).options.max;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    if (pool.idleCount === 0 && pool.totalCount >= max) dbStats.poolWaits += 1;
    return connect(...args);
  };
  dbStats.pools.add(pool);
  const end = pool.end.bind(pool);
  pool.end = ((...args: Parameters<typeof end>) => {
    dbStats.pools.delete(pool);
    return end(...args);
  }) as typeof pool.end;
}
