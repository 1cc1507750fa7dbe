import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeDatabase, waitForDatabase } from './startup';

describe('start-up with the database unreachable (decision 026)', () => {
  it('names host, port and database, never the password', () => {
    expect(describeDatabase('postgres://atlas:s3cret-pw@db.internal:6543/atlas')).toBe(
      'postgres://atlas@db.internal:6543/atlas',
    );
    expect(describeDatabase('postgres://db.internal/atlas')).toBe('postgres://db.internal:5432/atlas');
  });

  it('retries with one line per attempt, then gives up with one line', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const url = 'postgres://atlas:s3cret-pw@127.0.0.1:1/atlas';
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }) });
    const lines: string[] = [];
    let exits = 0;
    const outcome = await waitForDatabase(db as never, {
      where: describeDatabase(url),
      giveUpAfterMs: 200,
      pauseMs: () => 60,
      log: (line) => lines.push(line),
      exit: () => void (exits += 1),
    }).then(
      () => 'answered',
      () => 'gave up',
    );
    await db.destroy();
    expect(outcome).toBe('gave up');
    expect(exits).toBe(1);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.every((line) => !line.includes('\n') && !line.includes('s3cret'))).toBe(true);
    expect(lines.every((line) => line.includes('127.0.0.1:1/atlas'))).toBe(true);
    expect(lines.at(-1)).toContain('giving up');
    expect(lines.slice(0, -1).every((line) => line.includes('ECONNREFUSED') && line.includes('attempt'))).toBe(true);
  });
});
