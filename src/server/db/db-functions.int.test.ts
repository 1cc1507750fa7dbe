import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDialect, type TestDb } from '../../../tests/support/db';
import { applyFunctions, functionFiles, functionNames, type FunctionFile } from './db-functions';
import { createDb } from './index';
import { migrateToLatest } from './migrate';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The body of a `create or replace function … $fn$ … $fn$` file, as PostgreSQL keeps it (prosrc). */
const bodyOf = (text: string) => text.split('$fn$')[1];

/** Decision 031: each live PostgreSQL function is a file, applied at start when its hash changes. */
describe(`database functions as files (${testDialect})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => t.destroy());

  const definition = async (name: string) =>
    (
      await sql<{
        src: string;
        version: string;
      }>`select prosrc as src, xmin::text as version from pg_proc where proname = ${name}`.execute(t.db)
    ).rows;
  const recorded = async () =>
    (
      await sql<{ name: string; sha256: string; applied_at: string }>`select * from db_function order by name`.execute(
        t.db,
      )
    ).rows;
  /** The files, one of them with a comment added inside its body (a real change of the function). */
  const changed = (marker: string): FunctionFile[] =>
    functionFiles().map((f) =>
      f.name === 'atlas_post_movements' ? { ...f, text: f.text.replace('begin\n', `begin\n  -- ${marker}\n`) } : f,
    );

  it.runIf(testDialect === 'sqlite')('SQLite has no functions: nothing to apply', async () => {
    expect(await applyFunctions(t.db, t.dialect)).toEqual([]);
  });

  describe.runIf(testDialect === 'postgres')('PostgreSQL', () => {
    it('a fresh database has every function as its file says, and the file hashes recorded', async () => {
      const files = functionFiles();
      expect(files.map((f) => f.name)).toEqual([...functionNames]);
      for (const f of files) {
        expect(f.text).toContain(`create or replace function ${f.name}(`);
        const [fn, ...more] = await definition(f.name);
        expect(more).toEqual([]);
        expect(fn!.src).toBe(bodyOf(f.text));
      }
      expect((await recorded()).map((r) => [r.name, r.sha256])).toEqual(files.map((f) => [f.name, sha256(f.text)]));
    });

    it('an unchanged file is not touched; a changed one is applied again and its hash recorded', async () => {
      const before = await recorded();
      const version = (await definition('atlas_post_movements'))[0]!.version;
      expect(await applyFunctions(t.db, t.dialect)).toEqual([]);
      expect(await recorded()).toEqual(before);
      expect((await definition('atlas_post_movements'))[0]!.version).toBe(version);

      const edited = changed('edited');
      expect(await applyFunctions(t.db, t.dialect, edited)).toEqual(['atlas_post_movements']);
      expect((await definition('atlas_post_movements'))[0]!.src).toContain('-- edited');
      const after = await recorded();
      expect(after.find((r) => r.name === 'atlas_post_movements')!.sha256).toBe(sha256(edited[1]!.text));
      expect(after.find((r) => r.name === 'atlas_post_movement')).toEqual(before[0]);
      expect(await applyFunctions(t.db, t.dialect, edited)).toEqual([]);

      // Back to the files as they are (the next start of a server with them).
      expect(await applyFunctions(t.db, t.dialect)).toEqual(['atlas_post_movements']);
      expect((await definition('atlas_post_movements'))[0]!.src).toBe(bodyOf(functionFiles()[1]!.text));
      expect((await recorded()).map((r) => r.sha256)).toEqual(before.map((r) => r.sha256));
    });

    it('two instances starting at once on a fresh database: both start, a changed file is applied by one of them', async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `atlas_fn_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const [a, b] = [createDb({ postgresUrl: url.toString() }), createDb({ postgresUrl: url.toString() })];
      try {
        await Promise.all([migrateToLatest(a.db, a.dialect), migrateToLatest(b.db, b.dialect)]);
        const rows = (await sql<{ name: string }>`select name from db_function order by name`.execute(a.db)).rows;
        expect(rows.map((r) => r.name)).toEqual([...functionNames]);

        const edited = changed('two at once');
        const applied = await Promise.all([
          applyFunctions(a.db, a.dialect, edited),
          applyFunctions(b.db, b.dialect, edited),
        ]);
        expect(applied.flat()).toEqual(['atlas_post_movements']);
        const { rows: fns } = await sql<{
          src: string;
        }>`select prosrc as src from pg_proc where proname = 'atlas_post_movements'`.execute(b.db);
        expect(fns.map((f) => f.src.includes('-- two at once'))).toEqual([true]);
      } finally {
        await a.close();
        await b.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  });
});
