import { sql } from 'kysely';
import type { Db } from './index';

/**
 * Waits for the database to answer before the first migration: a container or a service may start
 * before its PostgreSQL accepts connections (compose, systemd, a reboot). Tries every second for up
 * to `timeoutMs`, then gives up with the last error (the process stops; a supervisor restarts it).
 */
export async function waitForDatabase(
  db: Db,
  report: (message: string) => void,
  timeoutMs = 60_000,
  intervalMs = 1000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (err) {
      if (Date.now() + intervalMs > until) throw err;
      if (attempt === 1 || attempt % 10 === 0)
        report(`database not reachable yet (${(err as Error).message}); retrying for up to ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
