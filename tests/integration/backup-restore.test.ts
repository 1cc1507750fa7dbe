import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, type DbHandle } from '../../src/server/db/index';
import { migrateToLatest } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations/index';
import { sealPending, verifySeals } from '../../src/server/modules/ledger/seal';
import { verifyLedger } from '../../src/server/modules/ledger/verify';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect, type TestDb } from '../support/db';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { createAdmin, createUser, type TestUser } from '../support/users';

const root = path.resolve(import.meta.dirname, '../..');
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const SECRET = 'embedded-secret-embedded-secret-embedded-00';

// On PostgreSQL the scripts need the client tools. CI (.ci/run, REQUIRE_POSTGRES=1) has them with
// the server it checks, so there their absence is a failure; elsewhere the file says why it skips.
const missingPgTools =
  testDialect === 'postgres'
    ? ['pg_dump', 'pg_restore', 'psql'].filter((bin) => spawnSync(bin, ['--version']).error)
    : [];
const pgToolsRequired = process.env.REQUIRE_POSTGRES === '1';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<name> as an operator would, with only the installation's variables set. */
function script(name: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', name), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Everything the backup must bring back: balances per account, requests, proofs on disk. */
async function stateOf(db: Db, dataDir: string) {
  const accounts = await db
    .selectFrom('ledger_account')
    .select(['owner_id', 'kind', 'balance_cents'])
    .orderBy('owner_id')
    .orderBy('kind')
    .execute();
  const deposits = await db
    .selectFrom('deposit_request')
    .select(['id', 'status', 'proof_path'])
    .orderBy('id')
    .execute();
  const withdrawals = await db.selectFrom('withdrawal_request').select(['id', 'status']).orderBy('id').execute();
  const uploads = path.join(dataDir, 'uploads');
  return {
    balances: Object.fromEntries(accounts.map((a) => [`${a.owner_id}:${a.kind}`, Number(a.balance_cents)])),
    deposits,
    withdrawals,
    uploads: existsSync(uploads)
      ? readdirSync(uploads, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
          .sort()
      : [],
  };
}

/** An empty PostgreSQL database of its own (dropped at the end). */
async function freshPostgresDatabase(suffix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `atlas_t_${Date.now().toString(36)}_${suffix}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A DATA_DIR (and, on PostgreSQL, a database) laid out as the server and the scripts expect. */
async function installation(
  cleanups: Array<() => Promise<void> | void>,
  suffix: string,
): Promise<{ dataDir: string; url?: string; open(): DbHandle }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `atlas-${suffix}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let url: string | undefined;
  if (testDialect === 'postgres') {
    const fresh = await freshPostgresDatabase(suffix);
    cleanups.push(() => fresh.drop());
    url = fresh.url;
  }
  return {
    dataDir,
    url,
    open: () => createDb(url ? { postgresUrl: url, poolSize: 5 } : { sqliteFile: path.join(dataDir, 'atlas.db') }),
  };
}

describe.skipIf(missingPgTools.length > 0 && !pgToolsRequired)(
  missingPgTools.length > 0
    ? `backup and restore scripts (postgres) — skipped: ${missingPgTools.join(', ')} not installed (apt-get install postgresql-client)`
    : `backup and restore scripts (${testDialect})`,
  () => {
    let testDb: TestDb;
    let dataDir: string;
    let dbUrl: string | undefined;
    let t: TestApp;
    let alice: TestUser;
    let bob: TestUser;
    let admin: TestUser;
    let backupDir: string;
    let atBackup: Awaited<ReturnType<typeof stateOf>>;
    let duringBackup = 0;
    const cleanups: Array<() => Promise<void> | void> = [];
    const env = () => ({ DATA_DIR: dataDir, ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) });

    const deposit = async (who: TestUser, amount: string) => {
      const form = new FormData();
      form.append('amount', amount);
      form.append('proof', new Blob([new Uint8Array(await sampleImage('png'))], { type: 'image/png' }), 'proof.png');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        payload: form as never,
        headers: { cookie: who.cookie },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const transfer = async (from: TestUser, to: TestUser, amount: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        payload: { recipientUid: to.uid, amount },
        headers: { cookie: from.cookie, 'idempotency-key': randomUUID() },
      });
      expect(res.statusCode).toBe(201);
    };

    /** The server's database handle, closed on "stop the server". */
    let handle: DbHandle | null = null;
    const open = (dir: string, url: string | undefined): TestDb => {
      handle = createDb(url ? { postgresUrl: url, poolSize: 5 } : { sqliteFile: path.join(dir, 'atlas.db') });
      return { ...handle, url, dataDir: dir, destroy: async () => undefined };
    };
    const stopServer = async () => {
      await t.close();
      await handle?.close();
      handle = null;
    };

    beforeAll(async () => {
      if (missingPgTools.length > 0)
        throw new Error(
          `REQUIRE_POSTGRES=1 but ${missingPgTools.join(', ')} not installed: the backup scripts need the PostgreSQL client tools`,
        );
      const home = await installation(cleanups, 'backup');
      dataDir = home.dataDir;
      dbUrl = home.url;
      testDb = open(dataDir, dbUrl);
      await migrateToLatest(testDb.db, testDb.dialect);
      // An embedded install's generated secret (the scripts run without AUTH_SECRET).
      writeFileSync(path.join(dataDir, '.auth-secret'), SECRET, { mode: 0o600 });
      t = await createTestApp({ DEMO_MODE: 'true' }, testDb);
      alice = await createUser(t);
      bob = await createUser(t);
      admin = await createAdmin(t);
    });

    afterAll(async () => {
      if (t) await stopServer().catch(() => undefined);
      for (const c of cleanups.reverse()) await c();
    });

    it('backs up online while transfers are being written, and restores exactly the instant of the backup', async () => {
      await fund(t.ctx, alice.id, 100_000);
      await transfer(alice, bob, '250.00');
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/investments',
            payload: { area: 'stocks', amount: '100.00' },
            headers: { cookie: alice.cookie },
          })
        ).statusCode,
      ).toBe(201);
      const pendingDeposit = await deposit(bob, '75.00');
      expect((await sealPending(t.ctx.db, t.clock, t.ctx.dialect)).seals).toBeGreaterThan(0);
      atBackup = await stateOf(t.ctx.db, dataDir);
      expect(atBackup.uploads).toHaveLength(1);

      // The server keeps writing, one cent at a time, while the backup runs.
      const out = mkdtempSync(path.join(tmpdir(), 'atlas-backups-'));
      cleanups.push(() => rmSync(out, { recursive: true, force: true }));
      const running = script('backup.mjs', ['--out', out], env());
      let done = false;
      void running.then(() => (done = true));
      while (!done) {
        await transfer(alice, bob, '0.01');
        duringBackup += 1;
      }
      const backup = await running;
      expect(backup.status, backup.stderr).toBe(0);
      backupDir = backup.stdout.trim().split('\n').at(-1)!;
      const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        format: 1,
        dialect: testDialect,
        uploads: 1,
        authSecret: true,
        migrations: Object.keys(migrations).sort(),
      });

      // After the backup: a decision, a new proof, a withdrawal, more transfers.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/admin/deposits/${pendingDeposit}/approve`,
            headers: { cookie: admin.cookie },
          })
        ).statusCode,
      ).toBe(200);
      await deposit(bob, '30.00');
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/withdrawals',
            payload: { amount: '20.00', crypto: 'BTC', address: BTC },
            headers: { cookie: bob.cookie },
          })
        ).statusCode,
      ).toBe(201);
      await transfer(alice, bob, '100.00');
      writeFileSync(path.join(dataDir, '.auth-secret'), 'a-secret-that-replaced-the-one-backed-up-00');

      // Stop the server, as the procedure says, then restore.
      await stopServer();
      const dryRun = await script('restore.mjs', [backupDir], env());
      expect(dryRun.status).toBe(2);
      expect(dryRun.stdout).toContain('Nothing done');
      const restore = await script('restore.mjs', [backupDir, '--yes'], env());
      expect(restore.status, restore.stderr).toBe(0);

      testDb = open(dataDir, dbUrl);
      expect(await migrateToLatest(testDb.db, testDb.dialect)).toEqual([]);
      expect((await verifyLedger(testDb.db)).problems).toEqual([]);
      expect((await verifySeals(testDb.db, testDb.dialect)).problems).toEqual([]);
      if (testDb.dialect === 'postgres') {
        // The chain was rebased onto stamps: rows placed by their writer's id now carry their seal's number.
        const byCommit = await testDb.db
          .selectFrom('ledger_seal')
          .select('no')
          .where('upto_xid', 'is not', null)
          .execute();
        expect(byCommit).toEqual([]);
      }

      // Exactly the state at the backup's instant: k of the one-cent transfers made it in, never half of one.
      const restored = await stateOf(testDb.db, dataDir);
      const cents = await testDb.db
        .selectFrom('internal_transfer')
        .select('amount_cents')
        .where('amount_cents', '=', 1)
        .execute();
      const k = cents.length;
      expect(k).toBeLessThanOrEqual(duringBackup);
      const expected = structuredClone(atBackup);
      expected.balances[`${alice.id}:available`]! -= k;
      expected.balances[`${bob.id}:available`]! += k;
      expect(restored).toEqual(expected);
      expect(readFileSync(path.join(dataDir, '.auth-secret'), 'utf8')).toBe(SECRET);
      const aside = readdirSync(dataDir).filter((f) => f.startsWith('before-restore-'));
      expect(aside).toHaveLength(1);
      expect(readdirSync(path.join(dataDir, aside[0]!))).toEqual(
        expect.arrayContaining(['uploads', '.auth-secret', ...(dbUrl ? [] : ['atlas.db'])]),
      );

      // The server starts on it: sessions of the backup still open, and money moves on.
      t = await createTestApp({ DEMO_MODE: 'true' }, testDb);
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: alice.cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json().balance).toBe(((100_000 - 25_000 - 10_000 - k) / 100).toFixed(2));
      await transfer(alice, bob, '1.00');
      expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
      // The chain goes on from the restored seals.
      expect((await sealPending(t.ctx.db, t.clock, t.ctx.dialect)).seals).toBeGreaterThan(0);
      const seals = await verifySeals(t.ctx.db, t.ctx.dialect);
      expect(seals.problems).toEqual([]);
      expect(seals.unsealed).toBe(0);
      const proof = await t.app.inject({
        method: 'GET',
        url: `/api/admin/deposits/${atBackup.deposits[0]!.id}/proof`,
        headers: { cookie: admin.cookie },
      });
      expect((await t.app.inject({ method: 'GET', url: proof.json().url })).headers['content-type']).toBe('image/png');
    });

    it('restores into an empty installation, as on a new machine', async () => {
      const target = await installation(cleanups, 'newmachine');
      const restore = await script('restore.mjs', [backupDir, '--yes'], {
        DATA_DIR: target.dataDir,
        ...(target.url ? { DATABASE_URL: target.url } : {}),
      });
      expect(restore.status, restore.stderr).toBe(0);
      const handle = target.open();
      try {
        expect(await migrateToLatest(handle.db, handle.dialect)).toEqual([]);
        expect((await verifyLedger(handle.db)).problems).toEqual([]);
        const restored = await stateOf(handle.db, target.dataDir);
        expect(restored.deposits).toEqual(atBackup.deposits);
        expect(restored.uploads).toEqual(atBackup.uploads);
        expect(Object.values(restored.balances).reduce((s, v) => s + v, 0)).toBe(0);
      } finally {
        await handle.close();
      }
    });

    it('refuses a backup of the other dialect, or one whose database file was altered', async () => {
      const other: Record<string, string> =
        testDialect === 'sqlite'
          ? { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }
          : { DATA_DIR: dataDir };
      const wrongDialect = await script('restore.mjs', [backupDir, '--yes'], other);
      expect(wrongDialect.status).toBe(1);
      expect(wrongDialect.stderr).toMatch(/backup is of a \w+ database but this installation is configured for/);

      const tampered = mkdtempSync(path.join(tmpdir(), 'atlas-tampered-'));
      cleanups.push(() => rmSync(tampered, { recursive: true, force: true }));
      const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      writeFileSync(path.join(tampered, 'manifest.json'), JSON.stringify(manifest));
      const bytes = readFileSync(path.join(backupDir, manifest.database));
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
      writeFileSync(path.join(tampered, manifest.database), bytes);
      const refused = await script('restore.mjs', [tampered, '--yes'], env());
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('does not match the checksum');
    });

    it('a damaged backup that fails half-way leaves the installation exactly as it was', async () => {
      await stopServer();
      const before = async () => {
        const h = createDb(
          dbUrl ? { postgresUrl: dbUrl, poolSize: 2 } : { sqliteFile: path.join(dataDir, 'atlas.db') },
        );
        try {
          return { state: await stateOf(h.db, dataDir), ledger: await verifyLedger(h.db) };
        } finally {
          await h.close();
        }
      };
      const original = await before();
      expect(original.ledger.problems).toEqual([]);

      if (testDialect === 'sqlite') {
        // Cut the database file short, with a checksum that matches, as a half-copied backup would be.
        const damaged = mkdtempSync(path.join(tmpdir(), 'atlas-damaged-'));
        cleanups.push(() => rmSync(damaged, { recursive: true, force: true }));
        const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
        const cut = readFileSync(path.join(backupDir, manifest.database)).subarray(0, 8192);
        writeFileSync(path.join(damaged, manifest.database), cut);
        writeFileSync(
          path.join(damaged, 'manifest.json'),
          JSON.stringify({ ...manifest, sha256: createHash('sha256').update(cut).digest('hex') }),
        );
        const failed = await script('restore.mjs', [damaged, '--yes'], env());
        expect(failed.status).toBe(1);
        expect(failed.stderr).toMatch(/integrity_check.*nothing was changed/);
        expect(await before()).toEqual(original);
        return;
      }

      // pg_restore dies after writing part of the SQL, cut cleanly between two statements (the
      // schema is dropped and some tables are created by then): committing that would lose it all.
      const bin = mkdtempSync(path.join(tmpdir(), 'atlas-bin-'));
      cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
      const real = spawnSync('sh', ['-c', 'command -v pg_restore'], { encoding: 'utf8' }).stdout.trim();
      writeFileSync(
        path.join(bin, 'pg_restore'),
        `#!/bin/sh\nif [ "$1" = "--list" ]; then exec "${real}" "$@"; fi\n"${real}" "$@" | awk '/^CREATE TABLE public.ledger_tx /{exit} {print}'\nexit 1\n`,
        { mode: 0o755 },
      );
      const halfWay = await script('restore.mjs', [backupDir, '--yes'], {
        ...env(),
        PATH: `${bin}:${process.env.PATH ?? ''}`,
      });
      expect(halfWay.status).toBe(1);
      expect(halfWay.stderr).toMatch(/pg_restore exited with 1.*rolled back, the database is as it was/);
      expect(await before()).toEqual(original);

      // A statement fails inside psql, after the wipe and the first tables.
      const guard = new pg.Client({ connectionString: dbUrl });
      await guard.connect();
      try {
        await guard.query(`create schema guard;
          create function guard.refuse() returns event_trigger language plpgsql as $$
          begin
            if exists (select 1 from pg_event_trigger_ddl_commands() where object_identity = 'public.withdrawal_request') then
              raise exception 'refused by the test';
            end if;
          end $$;
          create event trigger refuse_withdrawals on ddl_command_end execute function guard.refuse();`);
        const refused = await script('restore.mjs', [backupDir, '--yes'], env());
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain('refused by the test');
        expect(refused.stderr).toMatch(/psql exited with 3.*rolled back/);
      } finally {
        await guard.query('drop event trigger if exists refuse_withdrawals; drop schema if exists guard cascade;');
        await guard.end();
      }
      expect(await before()).toEqual(original);
    });
  },
);
