import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { systemClock } from '../../src/core/clock';
import { toDecimalString } from '../../src/core/money';
import { loadConfig } from '../../src/server/config';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createAccounts } from '../../src/server/modules/accounts/accounts.module';
import { sampleImage } from '../support/images';
import * as act from './actions';
import type { Driver } from './actions';
import { createCrashData, type CrashData, type CrashDialect } from './database';
import { cookieOf, HttpClient } from './http';
import { checkData, mailState, uploadState } from './invariants';
import { resolveUnanswered } from './resolve';
import { Rng } from './rng';
import { freePort } from '../support/server-process';
import { runCli, ServerProcess, trafficServerEnv, type ServerCommand } from './server';
import { startSmtpPeer, type SmtpPeer } from './smtp';
import { startTraffic } from './traffic';
import { keyedKinds, moneyKinds, World, type Kind, type Op } from './world';

export interface RoundOptions {
  dialect: CrashDialect;
  kills: number;
  server: ServerCommand;
  pgAdminUrl?: string;
  /** 0 picks a free port. */
  port?: number;
  smtpPort?: number;
  workers?: number;
  maxUsers?: number;
  /** How long traffic runs before each kill: a random time in [min, max] ms. */
  trafficMs?: [number, number];
  /** Also run the real `cli verify-ledger` (the module's check runs after every kill anyway): after each kill and at the end, or at the end only. */
  cliVerify?: 'each' | 'end';
  replaySample?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface RoundStats {
  dialect: CrashDialect;
  seed: number;
  kills: number;
  durationMs: number;
  restartMs: { median: number; max: number };
  ops: Record<'requests' | 'ok' | 'refused' | 'unanswered' | 'applied' | 'lost', number>;
  moneyOpsAcknowledged: number;
  byKind: Partial<Record<Kind, { ok: number; refused: number; applied: number; lost: number }>>;
  retries: number;
  replays: number;
  emails: {
    queued: number;
    received: number;
    distinct: number;
    duplicates: number;
    interruptedDeliveries: number;
    drainMs: number;
  };
  uploads: { proofs: number; orphansSwept: number };
  ledgerTransactions: number;
  users: number;
  problems: string[];
}

const ADMIN = { email: 'crash-admin@atlas.test', password: 'crash-admin-password-1' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The id an answer names for what the request created or acted on. */
function answeredId(op: Op, body: unknown): string | undefined {
  const b = body as { id?: string; investment?: { id: string } };
  return op.kind === 'invest' || op.kind === 'stop' ? b.investment?.id : b.id;
}

/**
 * One dialect: money traffic against the real server process, SIGKILL at random moments,
 * restart on the same data, and after each crash and restart every check of tests/crash.
 */
export async function runCrashRound(o: RoundOptions): Promise<RoundStats> {
  const t0 = Date.now();
  const seed = o.seed ?? Math.floor(Math.random() * 2 ** 31);
  const log = o.log ?? (() => {});
  const world = new World();
  const rng = new Rng(seed);
  const stats = { retries: 0, replays: 0, orphansSwept: 0, transactions: 0, drainMs: 0 };
  /** Outbox rows a kill caught between claim and "sent": each may reach the peer twice. */
  const interrupted = new Set<string>();
  let data: CrashData | undefined;
  let smtp: SmtpPeer | undefined;
  let server: ServerProcess | undefined;
  let http: HttpClient | undefined;
  try {
    data = await createCrashData(o.dialect, o.pgAdminUrl);
    const uploadsDir = path.join(data.dataDir, 'uploads');
    smtp = await startSmtpPeer(o.smtpPort ?? 0);
    const port = o.port || (await freePort());
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...trafficServerEnv({ dataDir: data.dataDir, port, secret: 'crash-secret-crash-secret-crash-secret-00' }),
      // One operator decides every request here; dual control has its own tests.
      DUAL_CONTROL_FROM: '100000000.00',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // A restarted single instance has no upload in flight: what the crash left is swept at once.
      PROOF_SWEEP_MIN_AGE_S: '1',
      ...data.env,
    };
    log(`${o.dialect}: seed ${seed}, ${o.kills} kills, data ${data.dataDir}`);

    await createOperator(data, env);
    server = new ServerProcess(o.server, env, base);
    await server.start();
    http = new HttpClient(base);
    const images = await Promise.all([
      sampleImage('png', 24, 16),
      sampleImage('png', 32, 24),
      sampleImage('png', 40, 30),
    ]);
    const d: Driver = { world, http, rng, proofs: images };

    const adminLogin = await http.request('POST', '/api/accounts/login', { json: ADMIN });
    if (!adminLogin.answered || adminLogin.status !== 200)
      throw new Error(`admin login failed: ${JSON.stringify(adminLogin)}`);
    const adminCookie = cookieOf(adminLogin.setCookie);
    const adminMe = await http.request('GET', '/api/me', { cookie: adminCookie });
    if (!adminMe.answered || adminMe.status !== 200) throw new Error('admin /api/me failed');
    world.admin = { id: (adminMe.body as { id: string }).id, uid: '', ...ADMIN, cookie: adminCookie };
    world.life = 1;
    for (let i = 0; i < 3; i++) await act.signupFlow(d);
    if (world.users.length < 2) throw new Error(`could not sign up the first users: ${world.problems.join('; ')}`);
    // Everyone starts with an approved deposit, so the very first life already moves money and mails.
    for (const u of [...world.users]) {
      const dep = await act.deposit(d, u, 1000_00);
      if (dep.outcome === 'ok') await act.decide(d, 'approveDeposit', dep.createdId!);
    }
    log(`${o.dialect}: server up (${server.startMs[0]} ms), ${world.users.length} users`);

    for (let kill = 1; kill <= o.kills; kill++) {
      const traffic = startTraffic(d, { workers: o.workers ?? 6, maxUsers: o.maxUsers ?? 10 });
      const [min, max] = o.trafficMs ?? [300, 2500];
      await sleep(rng.int(min, max));
      // Halt first (no new request starts), then kill what is in flight.
      traffic.halt();
      await server.kill();
      await traffic.done;
      http.resetConnections();
      const inFlight = world.ops.filter((op) => op.life === world.life && op.outcome === 'unanswered').length;

      // The data as the crash left it, before any code of the next start runs.
      await data.settle();
      const h = data.open();
      let orphans: string[];
      try {
        const resolved = await resolveUnanswered(h.db, world, uploadsDir);
        stats.transactions = (await checkData(h.db, world)).transactions;
        const uploads = await uploadState(h.db, world, uploadsDir);
        orphans = uploads.orphans;
        const lostDeposits = world.ops.filter(
          (op) => op.life === world.life && op.kind === 'deposit' && op.outcome === 'lost',
        );
        const lostBy = new Set(lostDeposits.map((op) => op.userId));
        if (orphans.length > lostDeposits.length || orphans.some((p) => !lostBy.has(p.split('/')[0]!))) {
          world.problem(
            `orphan proof files ${orphans.join(', ')} not explained by the ${lostDeposits.length} lost deposit submission(s)`,
          );
        }
        const mail = await mailState(h.db, world, smtp);
        for (const id of mail.sendingIds) interrupted.add(id);
        log(
          `${o.dialect} kill ${kill}/${o.kills}: ${inFlight} unanswered (${resolved.applied} applied whole, ${resolved.lost} not at all), ` +
            `${stats.transactions} ledger transactions, ${orphans.length} orphan proof(s), mail ${mail.sent}/${mail.queued} sent, ${mail.sendingIds.length} delivery interrupted`,
        );
      } finally {
        await h.close();
      }
      if (o.cliVerify === 'each') {
        const v = await runCli(o.server, env, ['verify-ledger']);
        if (v.code !== 0) world.problem(`cli verify-ledger after kill ${kill} exited ${v.code}: ${v.output}`);
      }

      log(`${o.dialect}: restarting`);
      await server.start();
      world.life += 1;
      await act.restoreClock(d);
      await server.waitForLog('proof sweep done');
      for (const p of orphans) {
        if (existsSync(path.join(uploadsDir, p)))
          world.problem(`orphan proof ${p} still there after the restart's sweep`);
        else stats.orphansSwept += 1;
      }
      log(`${o.dialect}: restarted in ${server.startMs.at(-1)} ms, swept`);
      await afterRestart(
        d,
        data,
        world.ops.filter((op) => op.life === world.life - 1),
        stats,
      );
      log(`${o.dialect}: resends and user-facing checks done`);
      if (world.problems.length > 0) break;
    }

    // The end: every queued e-mail goes out (claims a kill left behind expire with the clock).
    await act.advanceClock(d, 1);
    const drainStart = Date.now();
    const left = await drainOutbox(data);
    stats.drainMs = Date.now() - drainStart;
    if (left > 0) world.problem(`the e-mail outbox still holds ${left} unsent e-mail(s) after ${stats.drainMs} ms`);
    log(`${o.dialect}: outbox drained in ${stats.drainMs} ms`);
    const h = data.open();
    let queued = 0;
    let proofs = 0;
    try {
      stats.transactions = (await checkData(h.db, world)).transactions;
      const mail = await mailState(h.db, world, smtp);
      queued = mail.queued;
      for (const id of mail.ids) if (!smtp.received.has(id)) world.problem(`e-mail ${id} was never delivered`);
      const uploads = await uploadState(h.db, world, uploadsDir);
      proofs = uploads.proofs;
      if (uploads.orphans.length > 0) world.problem(`orphan proofs at the end: ${uploads.orphans.join(', ')}`);
    } finally {
      await h.close();
    }
    const received = smtp.total();
    const distinct = smtp.received.size;
    // SMTP has no two-phase commit: a kill between the peer's "250 OK" and the row's "sent" resends
    // that one message, with the same Message-ID. Any other duplicate would be a real one.
    for (const [id, n] of smtp.received) {
      if (n > 2 || (n === 2 && !interrupted.has(id)))
        world.problem(
          `e-mail ${id} delivered ${n} times (its delivery was ${interrupted.has(id) ? '' : 'never '}interrupted by a kill)`,
        );
    }

    log(`${o.dialect}: final checks done`);
    await server.stop();
    if (o.cliVerify) {
      const v = await runCli(o.server, env, ['verify-ledger']);
      if (v.code !== 0) world.problem(`cli verify-ledger at the end exited ${v.code}: ${v.output}`);
    }

    const count = (f: (op: Op) => boolean) => world.ops.filter(f).length;
    const byKind: RoundStats['byKind'] = {};
    for (const op of world.ops) {
      const k = (byKind[op.kind] ??= { ok: 0, refused: 0, applied: 0, lost: 0 });
      if (op.outcome === 'ok' || op.outcome === 'refused' || op.outcome === 'applied' || op.outcome === 'lost')
        k[op.outcome] += 1;
    }
    const starts = [...server.startMs].sort((a, b) => a - b);
    return {
      dialect: o.dialect,
      seed,
      kills: server.starts - 1,
      durationMs: Date.now() - t0,
      restartMs: { median: starts[Math.floor(starts.length / 2)] ?? 0, max: starts.at(-1) ?? 0 },
      ops: {
        requests: world.ops.length,
        ok: count((op) => op.outcome === 'ok'),
        refused: count((op) => op.outcome === 'refused'),
        unanswered: count((op) => op.outcome === 'applied' || op.outcome === 'lost'),
        applied: count((op) => op.outcome === 'applied'),
        lost: count((op) => op.outcome === 'lost'),
      },
      moneyOpsAcknowledged: count((op) => moneyKinds.includes(op.kind) && op.outcome === 'ok'),
      byKind,
      retries: stats.retries,
      replays: stats.replays,
      emails: {
        queued,
        received,
        distinct,
        duplicates: received - distinct,
        interruptedDeliveries: interrupted.size,
        drainMs: stats.drainMs,
      },
      uploads: { proofs, orphansSwept: stats.orphansSwept },
      ledgerTransactions: stats.transactions,
      users: world.users.length,
      problems: world.problems,
    };
  } catch (err) {
    world.problem(`round aborted: ${(err as Error).stack ?? String(err)}`);
    if (server) log(server.lines.slice(-30).join('\n'));
    throw Object.assign(new Error(`${o.dialect} crash round failed (seed ${seed}):\n${world.problems.join('\n')}`), {
      problems: world.problems,
    });
  } finally {
    http?.close();
    await server?.kill().catch(() => {});
    await smtp?.close().catch(() => {});
    await data?.destroy().catch(() => {});
  }
}

/** The operator, as `cli create` makes it, but in this process (one process start less). */
async function createOperator(data: CrashData, env: NodeJS.ProcessEnv): Promise<void> {
  const h = data.open();
  try {
    await migrateToLatest(h.db, h.dialect);
    const ctx = { config: loadConfig(env), dbh: h, db: h.db, dialect: h.dialect, clock: systemClock };
    await createAccounts(ctx).accounts.createOrPromoteAdmin(ADMIN.email, ADMIN.password, undefined, {
      firstName: 'Crash',
      lastName: 'Operator',
      fullName: 'Crash Operator',
    });
  } finally {
    await h.close();
  }
}

/**
 * Waits until the delivery job has sent every queued e-mail; gives up only when nothing was sent
 * for a minute (the job sends 20 per 5 s tick, so a backlog takes its time). Returns what is left.
 */
async function drainOutbox(data: CrashData): Promise<number> {
  let left = Infinity;
  let progressAt = Date.now();
  while (Date.now() - progressAt < 60_000) {
    const h = data.open();
    try {
      const r = await sql<{
        n: number | string;
      }>`select count(*) as n from email_outbox where status <> 'sent'`.execute(h.db);
      const n = Number(r.rows[0]!.n);
      if (n === 0) return 0;
      if (n < left) progressAt = Date.now();
      left = n;
    } finally {
      await h.close();
    }
    await sleep(500);
  }
  return left;
}

/** Balances, rows and files: if any of these changes, a resend moved something. */
async function snapshot(data: CrashData): Promise<string> {
  const h = data.open();
  try {
    const accounts = await h.db.selectFrom('ledger_account').select(['id', 'balance_cents']).orderBy('id').execute();
    const counts = await sql<{ t: number; d: number; w: number; i: number; r: number; m: number }>`
      select (select count(*) from ledger_tx) as t, (select count(*) from deposit_request) as d, (select count(*) from withdrawal_request) as w,
             (select count(*) from investment) as i, (select count(*) from internal_transfer) as r, (select count(*) from email_outbox) as m`.execute(
      h.db,
    );
    return JSON.stringify({
      accounts: accounts.map((a) => [a.id, Number(a.balance_cents)]),
      counts: Object.values(counts.rows[0]!).map(Number),
    });
  } finally {
    await h.close();
  }
}

/**
 * After a restart: what users see matches the ledger; the client resends what it got no answer
 * to (same Idempotency-Key) and replays some answered requests; none of that moves anything twice.
 */
async function afterRestart(
  d: Driver,
  data: CrashData,
  lastLife: Op[],
  stats: { retries: number; replays: number },
): Promise<void> {
  const { world, http } = d;

  for (const p of [...world.pendingSignups]) {
    world.pendingSignups.splice(world.pendingSignups.indexOf(p), 1);
    const r = await act.loginAndRegister(d, p.email, p.password);
    if (r !== 'ok' && p.exists) world.problem(`user ${p.email} exists but cannot sign in after the restart (${r})`);
    if (r === 'ok' && !p.exists) world.problem(`user ${p.email} signs in although the crash check found no such user`);
  }

  for (const u of world.users) {
    const me = await http.request('GET', '/api/me', { cookie: u.cookie });
    if (!me.answered || me.status !== 200) {
      world.problem(`GET /api/me of ${u.email} after restart: ${JSON.stringify(me)}`);
      continue;
    }
    const b = me.body as { balance: string; invested: string; withdrawalHold: string };
    const e = world.balance(u.id);
    const expected = {
      balance: toDecimalString(e.available),
      invested: toDecimalString(e.invested),
      withdrawalHold: toDecimalString(e.hold),
    };
    const seen = { balance: b.balance, invested: b.invested, withdrawalHold: b.withdrawalHold };
    if (JSON.stringify(seen) !== JSON.stringify(expected))
      world.problem(
        `/api/me of ${u.id} shows ${JSON.stringify(seen)}, the ledger model says ${JSON.stringify(expected)}`,
      );
  }

  const before = await snapshot(data);
  // Resends of requests that did happen: the stored answer comes back, nothing moves.
  for (const op of lastLife.filter((x) => x.outcome === 'applied' && moneyKinds.includes(x.kind))) {
    const r = await act.send(d, op);
    stats.retries += 1;
    if (!r.answered) world.problem(`retry of applied ${op.kind} #${op.seq} unanswered`);
    else if (keyedKinds.includes(op.kind)) {
      const id = r.status < 300 ? answeredId(op, r.body) : undefined;
      const want = op.kind === 'stop' ? op.target : op.createdId;
      if (id !== want)
        world.problem(
          `retry of applied ${op.kind} #${op.seq} answered ${r.status} ${JSON.stringify(r.body)}, expected ${want}`,
        );
    } else if (r.status !== 409)
      world.problem(`retry of applied ${op.kind} #${op.seq} answered ${r.status}, expected 409`);
  }
  const answered = world.ops.filter((x) => x.outcome === 'ok' && keyedKinds.includes(x.kind) && !x.resendKind);
  for (const op of d.rng.sample(answered, 8)) {
    const r = await act.send(d, op);
    stats.replays += 1;
    if (!r.answered || r.status !== op.status)
      world.problem(
        `replay of ${op.kind} #${op.seq} answered ${r.answered ? r.status : r.error}, first answer was ${op.status}`,
      );
    else if (
      op.kind === 'deposit'
        ? answeredId(op, r.body) !== op.createdId
        : JSON.stringify(r.body) !== JSON.stringify(op.response)
    ) {
      world.problem(
        `replay of ${op.kind} #${op.seq} answered ${JSON.stringify(r.body)}, first answer was ${JSON.stringify(op.response)}`,
      );
    }
  }
  const after = await snapshot(data);
  if (after !== before)
    world.problem('resending answered or applied requests with their Idempotency-Key moved money or wrote rows');

  // Resends of requests that did not happen: a client retrying with its key gets them done once.
  for (const op of lastLife.filter((x) => x.outcome === 'lost' && moneyKinds.includes(x.kind))) {
    const retry = world.resend(op, 'retry');
    if (op.kind === 'stop') world.investments.get(op.target!)!.busy = true;
    const r = await act.perform(d, retry);
    stats.retries += 1;
    if (!r.answered) world.problem(`retry of ${op.kind} #${op.seq} unanswered by a live server`);
  }
}
