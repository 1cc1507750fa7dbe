import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from './index';
import { eventually } from '../../../tests/support/eventually';

describe.skipIf(process.env.TEST_DIALECT === 'postgres')('SQLite background checkpoints', () => {
  it('copies committed pages into the database file from the worker, and the data stays whole', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atlas-ckpt-'));
    const file = path.join(dir, 'db.sqlite');
    const handle = createDb({ sqliteFile: file, backgroundCheckpoints: true });
    try {
      await sql`create table t (id integer primary key, v text not null)`.execute(handle.db);
      const before = statSync(file).size;
      for (let i = 0; i < 200; i++) await sql`insert into t (v) values (${'x'.repeat(2000)})`.execute(handle.db);
      // Automatic checkpoints are off on the writer: only the worker can grow the file.
      await eventually('the committed pages in the database file', () => statSync(file).size > before + 200 * 2000);
      const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db);
      expect(rows[0]!.n).toBe(200);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
