import { createServer } from 'node:net';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { waitForDatabase } from './wait';

describe('waiting for the database at start', () => {
  it('retries while nothing answers, then gives up with the error after its deadline', async () => {
    // A port with nothing behind it: every connection is refused.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const db = new Kysely<never>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port, user: 'x', max: 1 }) }),
    });
    const reports: string[] = [];
    await expect(waitForDatabase(db as never, (m) => reports.push(m), 350, 100)).rejects.toThrow();
    expect(reports[0]).toMatch(/^database not reachable yet/);
    await db.destroy();
  });
});
