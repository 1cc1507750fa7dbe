// npm run test:faults [-- --dialects postgres,sqlite --row-lock-s 20 --table-lock-s 25 --source]
// The database misbehaving under money traffic against the real server (issue 30, decision 026).
// PostgreSQL: backends terminated, one balance row locked, the balance table locked, the server
// killed and restarted, PostgreSQL itself restarted. SQLite: the disk filled on a small tmpfs.
// After each: no 500, every acknowledged transfer present once, every other one absent or
// settled by its idempotency key, money conserved, `verify-ledger` clean. Figures are printed.
// It restarts PostgreSQL: run it alone (CI runs it after `npm test`).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { systemClock } from '../../src/core/clock';
import { toDecimalString } from '../../src/core/money';
import { migrateToLatest } from '../../src/server/db/migrate';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { freePort } from '../support/server-process';
import * as act from '../crash/actions';
import type { Driver } from '../crash/actions';
import { createCrashData, type CrashData } from '../crash/database';
import { HttpClient, multipart, type Reply } from '../crash/http';
import { Rng } from '../crash/rng';
import { buildServerBundle, runCli, ServerProcess, trafficServerEnv, type ServerCommand } from '../crash/server';
import { World, type User } from '../crash/world';
import type { AppContext } from '../../src/server/context';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const next = process.argv[i + 1];
  return next && !next.startsWith('--') ? next : 'true';
}

const dialects = (flag('dialects') ?? 'postgres,sqlite').split(',');
const ROW_LOCK_S = Number(flag('row-lock-s') ?? 20);
const TABLE_LOCK_S = Number(flag('table-lock-s') ?? 25);
const REQUEST_TIMEOUT_MS = 30_000;
const pgAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FUNDING = 1000_00;
const USERS = 8;
const WORKERS = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
const problems: string[] = [];
const figures: string[] = [];
/** Undone on an interrupted run too (a tmpfs mounted, a server started). */
const cleanups = new Set<() => void>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const undo of cleanups) {
      try {
        undo();
      } catch {
        /* best effort */
      }
    }
    process.exit(1);
  });
}
const problem = (text: string) => {
  problems.push(text);
  console.error(`PROBLEM: ${text}`);
};

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One transfer as the client sent it, and what it heard (every send of the same key). */
interface Sent {
  key: string;
  from: User;
  to: User;
  amount: number;
  statuses: number[];
  codes: string[];
  /** Final: applied (2xx), refused (4xx), or still open (5xx / no answer: settled by its key later). */
  outcome: 'applied' | 'refused' | 'open';
  ms: number;
  at: number;
}

interface Setting {
  name: string;
  data: CrashData;
  server: ServerProcess;
  http: HttpClient;
  users: User[];
  sent: Sent[];
  /** Anything else the traffic asked (GET /api/me, /readyz): status and duration. */
  reads: Array<{ path: string; status: number; ms: number; at: number }>;
  env: NodeJS.ProcessEnv;
  command: ServerCommand;
}

function codeOf(r: Reply): string {
  if (!r.answered) return r.error;
  return String((r.body as { error?: { code?: string } } | null)?.error?.code ?? '');
}

async function sendTransfer(s: Setting, t: Sent): Promise<void> {
  const t0 = Date.now();
  const r = await s.http.request('POST', '/api/transfers', {
    cookie: t.from.cookie,
    key: t.key,
    json: { recipientUid: t.to.uid, amount: toDecimalString(t.amount) },
    timeoutMs: REQUEST_TIMEOUT_MS + 10_000,
  });
  // The first answer's time: resends after the fault are not what the investor waited for.
  if (t.statuses.length === 0) t.ms = Date.now() - t0;
  t.statuses.push(r.answered ? r.status : 0);
  t.codes.push(codeOf(r));
  if (r.answered && r.status >= 500 && !(r.status === 503 || r.status === 507)) {
    problem(`${s.name}: transfer answered ${r.status} ${JSON.stringify(r.body)}`);
  }
  if (r.answered && (r.status === 503 || r.status === 507)) {
    const code = codeOf(r);
    if (!['database_busy', 'database_unavailable', 'storage_full'].includes(code)) {
      problem(`${s.name}: ${r.status} with code ${code}`);
    }
  }
  t.outcome = r.answered && r.status < 300 ? 'applied' : r.answered && r.status < 500 ? 'refused' : 'open';
}

/** Workers sending transfers (pairs from `pick`) until `halt()`. */
function traffic(s: Setting, pick: (rng: Rng) => [User, User], extra?: (rng: Rng) => Promise<void>, paceMs = 0) {
  let halted = false;
  const rng = new Rng(Math.floor(Math.random() * 2 ** 31));
  const worker = async (i: number) => {
    while (!halted) {
      if (extra && i === 0) {
        await extra(rng);
        continue;
      }
      const [from, to] = pick(rng);
      const t: Sent = {
        key: `fault-${randomUUID()}`,
        from,
        to,
        amount: rng.int(1, 100),
        statuses: [],
        codes: [],
        outcome: 'open',
        ms: 0,
        at: Date.now(),
      };
      s.sent.push(t);
      await sendTransfer(s, t);
      if (!t.statuses.at(-1)) await sleep(100);
      if (paceMs > 0) await sleep(paceMs);
    }
  };
  const done = Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));
  return {
    halt: async () => {
      halted = true;
      await done;
    },
  };
}

const anyPair =
  (users: User[]) =>
  (rng: Rng): [User, User] => {
    const from = rng.pick(users);
    return [from, rng.pick(users.filter((u) => u !== from))];
  };

/** Sends every open transfer again with its key until the server settles it (2xx or 4xx). */
async function settle(s: Setting): Promise<void> {
  const up = await s.http.request('GET', '/healthz', { timeoutMs: 5000 });
  if (!up.answered) {
    throw new Error(
      `${s.name}: the server stopped answering (${up.error}); its last lines:\n${s.server.lines.slice(-30).join('\n')}`,
    );
  }
  for (const t of s.sent.filter((x) => x.outcome === 'open')) {
    for (let attempt = 0; attempt < 40 && t.outcome === 'open'; attempt++) {
      await sendTransfer(s, t);
      if (t.outcome === 'open') await sleep(500);
    }
    if (t.outcome === 'open')
      problem(
        `${s.name}: transfer ${t.key} still unsettled after 40 resends (${t.statuses.slice(-3).join(', ')} ${t.codes.slice(-3).join(', ')})`,
      );
  }
}

async function withDb<T>(data: CrashData, fn: (ctx: AppContext) => Promise<T>): Promise<T> {
  const h = data.open();
  try {
    return await fn({ dbh: h, db: h.db, dialect: h.dialect, clock: systemClock } as unknown as AppContext);
  } finally {
    await h.close();
  }
}

/** The checks after a fault: each key once or not at all as the client heard, balances, verify-ledger. */
async function check(s: Setting, fault: string): Promise<void> {
  await settle(s);
  await withDb(s.data, async (ctx) => {
    const { rows } = await sql<{ key: string; n: number | string }>`
      select idempotency_key as key, count(*) as n from ledger_tx
      where type = 'transfer' and idempotency_key like 'fault-%' group by idempotency_key`.execute(ctx.db);
    const stored = new Map(rows.map((r) => [r.key, Number(r.n)]));
    for (const t of s.sent) {
      const n = stored.get(t.key) ?? 0;
      if (t.outcome === 'applied' && n !== 1) problem(`${fault}: acknowledged transfer ${t.key} stored ${n} times`);
      if (t.outcome === 'refused' && n !== 0) problem(`${fault}: refused transfer ${t.key} stored ${n} times`);
    }
    const expected = new Map(s.users.map((u) => [u.id, FUNDING]));
    for (const t of s.sent.filter((x) => x.outcome === 'applied')) {
      expected.set(t.from.id, expected.get(t.from.id)! - t.amount);
      expected.set(t.to.id, expected.get(t.to.id)! + t.amount);
    }
    const balances = await sql<{ owner_id: string; balance_cents: number | string }>`
      select owner_id, balance_cents from ledger_account where kind = 'available'`.execute(ctx.db);
    let total = 0;
    for (const b of balances.rows) {
      if (!expected.has(b.owner_id)) continue;
      total += Number(b.balance_cents);
      if (Number(b.balance_cents) !== expected.get(b.owner_id)) {
        problem(`${fault}: balance of ${b.owner_id} is ${b.balance_cents}, expected ${expected.get(b.owner_id)}`);
      }
    }
    if (total !== FUNDING * s.users.length) problem(`${fault}: money not conserved (${total})`);
  });
  const v = await runCli(s.command, s.env, ['verify-ledger']);
  if (v.code !== 0) problem(`${fault}: verify-ledger exited ${v.code}: ${v.output.slice(0, 500)}`);
  const noise = s.server.lines.filter((l) => l.includes('cannot rollback') || l.includes('unhandled error'));
  if (noise.length > 0) problem(`${fault}: ${noise.length} log line(s) of noise, first: ${noise[0]!.slice(0, 300)}`);
}

function summarize(s: Setting, fault: string, from: number): string {
  const mine = s.sent.filter((t) => t.at >= from);
  const statuses = new Map<string, number>();
  for (const t of mine)
    for (const [i, st] of t.statuses.entries()) {
      const k = st === 0 ? 'no answer' : st >= 500 ? `${st} ${t.codes[i]}` : String(st);
      statuses.set(k, (statuses.get(k) ?? 0) + 1);
    }
  const answers = [...statuses.entries()].map(([k, n]) => `${k}: ${n}`).join(', ');
  const fives = [...statuses.keys()].filter((k) => k.startsWith('500')).length;
  return `${fault}: ${mine.length} transfers (${mine.filter((t) => t.outcome === 'applied').length} applied) — answers ${answers}; 500s: ${fives}`;
}

async function metricsLine(s: Setting): Promise<string> {
  const r = await s.http.request('GET', '/metrics');
  if (!r.answered || typeof r.body !== 'string') return 'metrics unavailable';
  return r.body
    .split('\n')
    .filter((l) => l.startsWith('atlas_db_') && !l.startsWith('#'))
    .join('; ');
}

async function setUp(name: string, data: CrashData, command: ServerCommand, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...trafficServerEnv({ dataDir: data.dataDir, port, secret: 'fault-secret-fault-secret-fault-secret-00' }),
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    SEAL_INTERVAL_S: '5',
    ...data.env,
    ...extraEnv,
  };
  await withDb(data, (ctx) => migrateToLatest(ctx.db, ctx.dialect).then(() => undefined));
  const server = new ServerProcess(command, env, base);
  cleanups.add(() => (server as unknown as { child: { kill(signal: string): void } | null }).child?.kill('SIGKILL'));
  await server.start();
  const http = new HttpClient(base);
  const d: Driver = { world: new World(), http, rng: new Rng(7), proofs: [await sampleImage('png', 24, 16)] };
  for (let i = 0; i < USERS; i++) await act.signupFlow(d);
  if (d.world.users.length < USERS) throw new Error(`${name}: signed up ${d.world.users.length} of ${USERS} users`);
  await withDb(data, async (ctx) => {
    for (const u of d.world.users) await fund(ctx, u.id, FUNDING);
  });
  log(`${name}: server up, ${USERS} investors with ${toDecimalString(FUNDING)} each`);
  const s: Setting = { name, data, server, http, users: d.world.users, sent: [], reads: [], env, command };
  return { s, d };
}

// ---------------------------------------------------------------- PostgreSQL

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => {});
  }
}

function postgresVersion(): string {
  const versions = readdirSync('/etc/postgresql').sort((a, b) => Number(a) - Number(b));
  return versions.at(-1)!;
}

async function postgresRound(command: ServerCommand): Promise<void> {
  const data = await createCrashData('postgres', pgAdminUrl);
  const dbUrl = data.env.DATABASE_URL!;
  const dbName = new URL(dbUrl).pathname.slice(1);
  const { s } = await setUp('postgres', data, command);
  try {
    // 1. Backends terminated under money traffic.
    let from = Date.now();
    let t = traffic(s, anyPair(s.users));
    for (let i = 0; i < 4; i++) {
      await sleep(1200);
      await admin(pgAdminUrl, (c) =>
        c.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [dbName],
        ),
      );
    }
    await sleep(1500);
    await t.halt();
    await check(s, 'backends terminated');
    figures.push(summarize(s, 'backends terminated ×4', from));
    log(figures.at(-1)!);

    // 2. One investor's balance row locked for ROW_LOCK_S.
    const [stuck, ...others] = s.users;
    from = Date.now();
    const locker = new pg.Client({ connectionString: dbUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query("select 1 from ledger_account where owner_id = $1 and kind = 'available' for update", [
      stuck!.id,
    ]);
    const lockedAt = Date.now();
    t = traffic(s, (rng) => (rng.int(1, 10) === 1 ? [stuck!, rng.pick(others)] : anyPair(others)(rng)));
    await sleep(ROW_LOCK_S * 1000);
    const releasedAt = Date.now();
    await locker.query('rollback');
    await locker.end();
    await t.halt();
    const during = s.sent.filter((x) => x.at >= lockedAt && x.at + x.ms <= releasedAt);
    const bystanders = during.filter((x) => x.from !== stuck && x.to !== stuck).map((x) => x.ms);
    const blocked = during.filter((x) => x.from === stuck || x.to === stuck);
    await check(s, 'row lock');
    figures.push(
      `single-row lock ${ROW_LOCK_S} s: other investors' transfers ${bystanders.length}, p50 ${percentile(bystanders, 50)} ms, ` +
        `p95 ${percentile(bystanders, 95)} ms, max ${Math.max(0, ...bystanders)} ms; ` +
        `transfers of the locked investor ${blocked.length} (${blocked.filter((x) => x.statuses[0] === 503).length} answered 503 database_busy, ` +
        `longest ${Math.max(0, ...blocked.map((x) => x.ms))} ms), settled by key after the release`,
    );
    figures.push(summarize(s, 'row lock', from));
    log(figures.at(-2)!);
    if (bystanders.length === 0) problem('row lock: no transfer of other investors completed during the lock');

    // 3. The balance table locked for TABLE_LOCK_S: requests end, /readyz says 503.
    from = Date.now();
    const tableLocker = new pg.Client({ connectionString: dbUrl });
    await tableLocker.connect();
    await tableLocker.query('begin');
    await tableLocker.query('lock table ledger_account in exclusive mode');
    const tableLockedAt = Date.now();
    const readyz: Array<{ status: number; ms: number }> = [];
    t = traffic(s, anyPair(s.users), async (rng) => {
      const t0 = Date.now();
      const r = await s.http.request('GET', '/readyz', { timeoutMs: 10_000 });
      readyz.push({ status: r.answered ? r.status : 0, ms: Date.now() - t0 });
      const u = rng.pick(s.users);
      const t1 = Date.now();
      const me = await s.http.request('GET', '/api/me', { cookie: u.cookie, timeoutMs: REQUEST_TIMEOUT_MS + 10_000 });
      s.reads.push({ path: '/api/me', status: me.answered ? me.status : 0, ms: Date.now() - t1, at: t1 });
      if (me.answered && me.status >= 500 && me.status !== 503) problem(`table lock: /api/me answered ${me.status}`);
      await sleep(400);
    });
    await sleep(TABLE_LOCK_S * 1000);
    await tableLocker.query('rollback');
    await tableLocker.end();
    await t.halt();
    const inLock = s.sent.filter((x) => x.at >= tableLockedAt && x.at < tableLockedAt + TABLE_LOCK_S * 1000);
    const longest = Math.max(0, ...inLock.map((x) => x.ms), ...s.reads.filter((r) => r.at >= from).map((r) => r.ms));
    const unanswered = inLock.filter((x) => x.statuses[0] === 0).length;
    await check(s, 'table lock');
    const duringReady = readyz.slice(0, -1);
    figures.push(
      `balance table locked ${TABLE_LOCK_S} s: ${inLock.length} transfers (${inLock.filter((x) => x.statuses[0] === 503).length} answered 503 database_busy, ${unanswered} unanswered), ` +
        `longest request ${longest} ms (request timeout ${REQUEST_TIMEOUT_MS} ms); /readyz ${duringReady.length} probes: ` +
        `${duringReady.filter((r) => r.status === 503).length}× 503, slowest ${Math.max(0, ...duringReady.map((r) => r.ms))} ms`,
    );
    log(figures.at(-1)!);
    if (longest > REQUEST_TIMEOUT_MS) problem(`table lock: a request lasted ${longest} ms`);
    if (unanswered > 0) problem(`table lock: ${unanswered} transfers without an answer`);
    if (!duringReady.some((r) => r.status === 503)) problem('table lock: /readyz never answered 503');
    if (duringReady.some((r) => r.status === 0)) problem('table lock: /readyz did not answer');

    // 4. The app server killed mid-traffic and started again.
    from = Date.now();
    t = traffic(s, anyPair(s.users));
    await sleep(1500);
    await s.server.kill();
    await t.halt();
    s.http.resetConnections();
    await data.settle();
    const t0 = Date.now();
    await s.server.start();
    const restartMs = Date.now() - t0;
    await check(s, 'server restart');
    figures.push(`${summarize(s, 'app server killed mid-traffic', from)}; ready again in ${restartMs} ms`);
    log(figures.at(-1)!);

    // 5. PostgreSQL itself restarted mid-traffic.
    from = Date.now();
    t = traffic(s, anyPair(s.users));
    await sleep(1500);
    const pgT0 = Date.now();
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', postgresVersion(), 'main', 'restart'], {
      stdio: 'inherit',
    });
    const pgRestartMs = Date.now() - pgT0;
    await sleep(3000);
    await t.halt();
    const readyAgain = await s.http.request('GET', '/readyz');
    await check(s, 'postgres restart');
    figures.push(
      `${summarize(s, 'PostgreSQL restarted mid-traffic', from)}; restart took ${pgRestartMs} ms; /readyz after: ${readyAgain.answered ? readyAgain.status : 'no answer'}`,
    );
    log(figures.at(-1)!);
    figures.push(`postgres metrics: ${await metricsLine(s)}`);
  } finally {
    await s.server.stop();
    s.http.close();
    await data.destroy();
  }
}

// ---------------------------------------------------------------- SQLite

async function sqliteRound(command: ServerCommand): Promise<void> {
  if (process.getuid?.() !== 0) {
    problem('sqlite disk full: needs root to mount a tmpfs');
    return;
  }
  const mount = mkdtempSync(path.join(tmpdir(), 'atlas-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mount]);
  const unmount = () => execFileSync('umount', ['-l', mount]);
  cleanups.add(unmount);
  try {
    const dataDir = path.join(mount, 'data');
    const data: CrashData = {
      dialect: 'sqlite',
      dataDir,
      env: {},
      open: () => {
        throw new Error('set below');
      },
      settle: async () => {},
      destroy: async () => {},
    };
    const { createDb } = await import('../../src/server/db/index');
    data.open = () => createDb({ sqliteFile: path.join(dataDir, 'atlas.db') });
    const { s } = await setUp('sqlite', data, command);
    try {
      const proof = await sampleImage('png', 64, 48);
      const uploads: Array<{ status: number; code: string }> = [];
      const upload = async (rng: Rng) => {
        const u = rng.pick(s.users);
        const body = await multipart({
          amount: '100.00',
          proof: { bytes: proof, type: 'image/png', name: 'proof.png' },
        });
        const r = await s.http.request('POST', '/api/deposits', { cookie: u.cookie, body, key: `dep-${randomUUID()}` });
        uploads.push({ status: r.answered ? r.status : 0, code: codeOf(r) });
        if (r.answered && r.status >= 500 && r.status !== 503 && r.status !== 507)
          problem(`disk full: deposit answered ${r.status}`);
        await sleep(100);
      };
      const from = Date.now();
      let t = traffic(s, anyPair(s.users), upload, 20);
      await sleep(1000);
      // Fill what is left of the disk.
      const filler = path.join(mount, 'filler');
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(1 << 20, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
      try {
        for (;;) writeSync(fd, Buffer.alloc(4096, 1));
      } catch {
        /* full to the last block */
      }
      closeSync(fd);
      const fullAt = Date.now();
      log(`sqlite: disk full (${statfsSync(mount).bavail} blocks free)`);
      await sleep(4000);
      await t.halt();
      const duringFull = s.sent.filter((x) => x.at >= fullAt);
      const fullAnswers = new Map<string, number>();
      for (const x of duringFull) {
        const k = `${x.statuses[0]} ${x.codes[0]}`;
        fullAnswers.set(k, (fullAnswers.get(k) ?? 0) + 1);
      }
      const uploadAnswers = new Map<string, number>();
      for (const u of uploads)
        uploadAnswers.set(`${u.status} ${u.code}`, (uploadAnswers.get(`${u.status} ${u.code}`) ?? 0) + 1);
      // Space returns.
      rmSync(filler);
      await sleep(500);
      if (process.env.FAULTS_DEBUG) {
        console.log('free after removal', statfsSync(mount).bavail * statfsSync(mount).bsize);
        console.log(execFileSync('ls', ['-la', mount, dataDir]).toString());
      }
      t = traffic(s, anyPair(s.users), upload, 20);
      await sleep(2500);
      await t.halt();
      if (process.env.FAULTS_DEBUG) {
        console.log('free after recovery traffic', statfsSync(mount).bavail * statfsSync(mount).bsize);
        console.log(execFileSync('ls', ['-la', dataDir]).toString());
      }
      const after = s.sent.filter((x) => x.at >= fullAt + 4500);
      if (process.env.FAULTS_DEBUG) {
        for (const l of s.server.lines.filter((x) => x.includes('"level":40')).slice(-4)) console.log(l.slice(0, 1500));
      }
      if (!after.some((x) => x.outcome === 'applied'))
        problem('disk full: no transfer went through once space returned');
      // Every proof file on disk belongs to a deposit (no empty or partial file left behind).
      const files: string[] = [];
      const uploadsDir = path.join(dataDir, 'uploads');
      for (const user of readdirSync(uploadsDir, { withFileTypes: true }).filter((e) => e.isDirectory()))
        for (const name of readdirSync(path.join(uploadsDir, user.name))) files.push(`${user.name}/${name}`);
      const referenced = await withDb(data, async (ctx) => {
        const { rows } = await sql<{ proof_path: string }>`select proof_path from deposit_request`.execute(ctx.db);
        return new Set(rows.map((r) => r.proof_path));
      });
      const orphans = files.filter((f) => !referenced.has(f));
      if (orphans.length > 0)
        problem(`disk full: ${orphans.length} proof file(s) without a deposit: ${orphans.join(', ')}`);
      await check(s, 'disk full');
      figures.push(
        `${summarize(s, 'SQLite disk full', from)}; while full, transfers: ${[...fullAnswers].map(([k, n]) => `${k}: ${n}`).join(', ')}; ` +
          `deposits with proof: ${[...uploadAnswers].map(([k, n]) => `${k}: ${n}`).join(', ')}; orphan files ${orphans.length}; ` +
          `${after.filter((x) => x.outcome === 'applied').length} transfers applied once space returned`,
      );
      log(figures.at(-1)!);
    } finally {
      await s.server.stop();
      s.http.close();
    }
  } finally {
    cleanups.delete(unmount);
    unmount();
    rmSync(mount, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const command: ServerCommand = flag('source') === 'true' ? { kind: 'source' } : await buildServerBundle();
  try {
    for (const dialect of dialects) {
      try {
        if (dialect === 'postgres') await postgresRound(command);
        else if (dialect === 'sqlite') await sqliteRound(command);
      } catch (err) {
        problem(`${dialect}: ${(err as Error).stack ?? String(err)}`);
      }
    }
  } finally {
    if (command.kind === 'bundle') rmSync(command.dir, { recursive: true, force: true });
  }
  console.log('\nFault suite figures:');
  for (const f of figures) console.log(`  - ${f}`);
  console.log(
    `\n${new Date().toISOString()}: ${((Date.now() - started) / 1000).toFixed(0)} s — ${problems.length > 0 ? `FAILED (${problems.length} problems)` : 'all checks passed'}`,
  );
  return problems.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
