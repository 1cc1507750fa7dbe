import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock, DAY_MS } from '../../src/core/clock';
import { toDecimalString } from '../../src/core/money';
import { addMonths, monthKey, monthsBetween } from '../../src/core/valuation';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/context';
import { createAccounts } from '../../src/server/modules/accounts/accounts.module';
import { verifyLedger } from '../../src/server/modules/ledger/verify';
import { enqueueEmail } from '../../src/server/modules/notifications/outbox';
import { testConfig, type TestApp } from '../support/app';
import { createTestDb, testDialect, type TestDb } from '../support/db';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { startLocalS3, type LocalS3 } from '../support/s3';
import { bundleServer, startServerProcess, type ServerBundle, type ServerProcess } from '../support/server-process';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { parseSseEvents } from '../support/sse';
import { cookieFrom, createUser, signupBody, someIp } from '../support/users';
import { eventually } from '../support/eventually';

/**
 * Two real server processes (the production bundle, `node main.js`) on ONE PostgreSQL database
 * and ONE S3 bucket, sending to ONE SMTP peer and reading ONE price feed, as behind a load
 * balancer. Everything here goes through HTTP, the database or the peers; nothing is shared in
 * memory. The last test kills one of them with SIGKILL in the middle of money traffic.
 */

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const PRICE_TTL_MS = 3_000;
/** runLeasedJob holds a lease for one interval minus a second. */
const PRICE_LEASE_MS = PRICE_TTL_MS - 1_000;

interface Reply {
  status: number;
  body: any;
  cookie: string;
}

interface CallOptions {
  cookie?: string;
  json?: unknown;
  form?: FormData;
  /** The client address the proxy reports (TRUST_PROXY=true); a fresh one unless given. */
  ip?: string;
  headers?: Record<string, string>;
}

async function call(to: ServerProcess, method: 'GET' | 'POST', url: string, opts: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? someIp(), ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  const res = await fetch(`${to.url}${url}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, cookie: cookieFrom(res.headers.getSetCookie()) };
}

interface Person {
  id: string;
  uid: string;
  email: string;
  password: string;
  cookie: string;
}

/** The shared database, to read the confirmation link of the signup e-mail from the outbox. */
let outboxDb: TestDb['db'];

async function signUpAndLogIn(on: ServerProcess, loginOn: ServerProcess = on): Promise<Person> {
  const body = signupBody();
  const signup = await call(on, 'POST', '/api/accounts/signup', { json: body });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  // Opens the e-mailed confirmation link on the other instance (transfers out need it).
  const mail = await outboxDb
    .selectFrom('email_outbox')
    .select('params')
    .where('to_address', '=', body.email.toLowerCase())
    .where('template', '=', 'email_verification')
    .executeTakeFirstOrThrow();
  const link = new URL((JSON.parse(mail.params) as { url: string }).url);
  const confirmed = await fetch(`${loginOn.url}${link.pathname}${link.search}`, {
    redirect: 'manual',
    headers: { 'x-forwarded-for': someIp() },
  });
  expect([confirmed.status, confirmed.headers.get('location')]).toEqual([303, '/profile?email=verified']);
  const login = await call(loginOn, 'POST', '/api/accounts/login', {
    json: { email: body.email, password: body.password },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const me = await call(loginOn, 'GET', '/api/me', { cookie: login.cookie });
  return { id: me.body.id, uid: me.body.uid, email: body.email, password: body.password, cookie: login.cookie };
}

interface EventStream {
  events(): Array<{ event: string; data: { audience: string } }>;
  close(): void;
}

/** A real SSE connection (the browser's EventSource, minus the reconnects). */
function openEvents(on: ServerProcess, cookie: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${on.url}/api/events`, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', () => undefined);
      resolve({
        events: () => parseSseEvents<{ audience: string }>(text),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A Coinbase-shaped price feed that records which instance asked (each has its own path) and when. */
async function startPriceFeed(): Promise<{
  urlFor(name: string): string;
  fetches: Array<{ who: string; at: number }>;
  close(): Promise<void>;
}> {
  const fetches: Array<{ who: string; at: number }> = [];
  const server: Server = createServer((req, res) => {
    fetches.push({ who: (req.url ?? '').split('/')[1] ?? '?', at: Date.now() });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: { amount: '65000.00', base: 'BTC', currency: 'USD' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (name) => `http://127.0.0.1:${port}/${name}/v2/prices/BTC-USD/spot`,
    fetches,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const title = 'scale-out: two server processes on one PostgreSQL, one S3, one SMTP peer';

describe.skipIf(testDialect !== 'postgres')(
  testDialect === 'postgres'
    ? title
    : `${title} — skipped on SQLite: an embedded database file serves one process; this runs in int-postgres`,
  () => {
    let db: TestDb;
    let s3: LocalS3;
    let smtp: SmtpPeer;
    let feed: Awaited<ReturnType<typeof startPriceFeed>>;
    let bundle: ServerBundle;
    let harness: TestApp;
    let a: ServerProcess;
    let b: ServerProcess;
    const dataDirs: string[] = [];
    let startedAt = 0;
    /** Someone who invested two months ago, so that closed months wait for the snapshot job. */
    let early: { id: string };
    const firstBatch: string[] = [];
    let approvalMailTo = '';

    const byPid = (holder: string) => [a, b].find((p) => holder.startsWith(`${p.pid}-`));
    const lease = (name: string) =>
      db.db.selectFrom('job_lease').selectAll().where('name', '=', name).executeTakeFirst();

    beforeAll(async () => {
      [db, s3, smtp, feed, bundle] = await Promise.all([
        createTestDb(),
        startLocalS3(),
        startSmtpPeer(),
        startPriceFeed(),
        bundleServer(),
      ]);
      outboxDb = db.db;

      // An in-process app on the same database whose clock runs two months behind: it seeds a
      // past investment, operators and e-mails. It runs no scheduled job.
      const clock = new AdjustableClock(() => Date.now() - 62 * DAY_MS);
      const ctx: AppContext = {
        config: testConfig(db.dataDir, { BTC_PRICE_URL: feed.urlFor('harness') }),
        dbh: db,
        db: db.db,
        dialect: db.dialect,
        clock,
      };
      const app = await buildApp(ctx, { logger: false });
      await app.ready();
      harness = { app, ctx, clock, testDb: db, close: () => app.close() };
      const investor = await createUser(harness);
      await fund(ctx, investor.id, 50_000);
      const invest = await app.inject({
        method: 'POST',
        url: '/api/investments',
        payload: { area: 'stocks', amount: '200.00' },
        headers: { cookie: investor.cookie },
      });
      expect(invest.statusCode).toBe(201);
      early = investor;
      clock.advance(62 * DAY_MS);

      const secret = randomBytes(32).toString('base64url');
      const envFor = (name: string) => {
        const dataDir = mkdtempSync(path.join(tmpdir(), `atlas-${name}-`));
        dataDirs.push(dataDir);
        return {
          NODE_ENV: 'production',
          DATABASE_URL: db.url!,
          AUTH_SECRET: secret,
          PUBLIC_URL: 'http://127.0.0.1',
          TRUST_PROXY: 'true',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          SMTP_URL: smtp.url,
          BTC_PRICE_URL: feed.urlFor(name),
          BTC_PRICE_TTL_S: String(PRICE_TTL_MS / 1000),
          BTC_PRICE_TIMEOUT_MS: '1000',
          DEPOSIT_ADDRESS_BTC: BTC,
          ...s3.env,
        };
      };
      // Queued before the instances start: both deliver the outbox from their first tick on.
      for (let i = 0; i < 20; i++) {
        firstBatch.push(
          await enqueueEmail(db.db, {
            to: `batch1.${i}@example.test`,
            template: 'withdrawal_approved',
            locale: 'en',
            params: { amount: '10.00', crypto: 'BTC' },
          }),
        );
      }
      startedAt = Date.now();
      [a, b] = await Promise.all([
        startServerProcess(bundle, 'A', envFor('A')),
        startServerProcess(bundle, 'B', envFor('B')),
      ]);
      // Room for two servers' starts on a 2-core machine that CI also builds images on.
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await harness?.close();
      await Promise.all([db?.destroy(), s3?.close(), smtp?.close(), feed?.close()]);
      bundle?.remove();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('a session made on one instance works on the other, and a sign-out on the other ends it', async () => {
      const someone = await signUpAndLogIn(a);
      const onB = await call(b, 'GET', '/api/me', { cookie: someone.cookie });
      expect(onB.status).toBe(200);
      expect(onB.body).toMatchObject({ id: someone.id, uid: someone.uid });
      expect((await call(b, 'POST', '/api/accounts/logout', { cookie: someone.cookie })).status).toBe(200);
      const after = await call(a, 'GET', '/api/me', { cookie: someone.cookie });
      expect([after.status, after.body]).toEqual([200, null]);
    });

    it('rate limits are shared: failed logins from many addresses spread over A and B brake the account at the same total', async () => {
      const victim = await signUpAndLogIn(b);
      const ip = someIp();
      const statuses: number[] = [];
      // The account-wide brake needs failures from 10 different addresses (LOGIN_BRAKE_ADDRESSES).
      for (let i = 0; i < 10; i++) {
        const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/accounts/login', {
          ip: someIp(),
          json: { email: victim.email, password: 'wrong-password' },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      // Then even the right password, from a new address and on either instance, is refused.
      for (const on of [a, b]) {
        const res = await call(on, 'POST', '/api/accounts/login', {
          ip,
          json: { email: victim.email, password: victim.password },
        });
        expect(res.status).toBe(429);
        expect(res.body.error.code).toBe('rate_limited');
      }

      // Per client address: 10 password-reset attempts an hour, counted across both instances.
      const crowd = someIp();
      const reset = { token: 'not-a-real-token', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' };
      for (let i = 0; i < 10; i++) {
        const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/accounts/password/reset', { ip: crowd, json: reset });
        expect(res.body.error.code).toBe('reset_link_invalid');
      }
      for (const on of [b, a]) {
        const res = await call(on, 'POST', '/api/accounts/password/reset', { ip: crowd, json: reset });
        expect(res.status).toBe(429);
      }
    });

    it('a proof uploaded through A lands in S3 and opens through B; B approves; A streams the event to the investor', async () => {
      const investor = await signUpAndLogIn(a);
      const operator = await signUpAndLogIn(b);
      await createAccounts(harness.ctx).accounts.createOrPromoteAdmin(operator.email, operator.password);
      const investorStream = await openEvents(a, investor.cookie);
      const operatorStream = await openEvents(b, operator.cookie);

      const form = new FormData();
      form.append('amount', '150.00');
      form.append(
        'proof',
        new Blob([new Uint8Array(await sampleImage('png', 64, 48))], { type: 'image/png' }),
        'proof.png',
      );
      const deposit = await call(a, 'POST', '/api/deposits', { cookie: investor.cookie, form });
      expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
      // Stored in the shared bucket, not on A's disk.
      expect(existsSync(path.join(dataDirs[0]!, 'uploads'))).toBe(false);
      // The operator's screen on B hears about the new request raised on A.
      await eventually('the admins event on B', () =>
        operatorStream.events().some((e) => e.event === 'deposit.changed' && e.data.audience === 'admins'),
      );

      const queue = await call(b, 'GET', '/api/admin/deposits?status=pending', { cookie: operator.cookie });
      expect(queue.body.items.map((d: { id: string }) => d.id)).toContain(deposit.body.id);
      const link = await call(b, 'GET', `/api/admin/deposits/${deposit.body.id}/proof`, { cookie: operator.cookie });
      expect(link.status).toBe(200);
      for (const on of [b, a]) {
        const image = await fetch(`${on.url}${link.body.url}`);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
        expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
          format: 'png',
          width: 64,
          height: 48,
        });
      }

      const depositEvents = () => investorStream.events().filter((e) => e.event === 'deposit.changed').length;
      await eventually('the creation event on A', () => depositEvents() === 1);
      expect(
        (await call(b, 'POST', `/api/admin/deposits/${deposit.body.id}/approve`, { cookie: operator.cookie })).status,
      ).toBe(200);
      await eventually('the decision made on B, streamed by A', () => depositEvents() === 2);
      expect(investorStream.events().every((e) => e.data.audience === 'user')).toBe(true);
      expect((await call(a, 'GET', '/api/me', { cookie: investor.cookie })).body.balance).toBe('150.00');
      approvalMailTo = investor.email;
      investorStream.close();
      operatorStream.close();
    });

    it('scheduled jobs run once across the instances: e-mails delivered exactly once, a price per period, each closed month once', async () => {
      const delivered = (ids: string[]) =>
        ids.every((id) => smtp.received.some((m) => m.messageId === `${id}@atlas-invest`));
      await eventually('the first batch over SMTP', () => delivered(firstBatch));
      // The peer receives a message before its sender marks the row sent: wait for the marks too.
      const rows = await eventually('the first batch marked sent', async () => {
        const found = await db.db
          .selectFrom('email_outbox')
          .select(['status', 'attempts'])
          .where('id', 'in', firstBatch)
          .execute();
        return found.every((r) => r.status === 'sent') && found;
      });
      expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
      // The approval decided on B was queued in its transaction and went out once too.
      expect(approvalMailTo).not.toBe('');
      // (The investor also got the signup confirmation: the approval is recognised by its outbox id.)
      const approval = await db.db
        .selectFrom('email_outbox')
        .select('id')
        .where('to_address', '=', approvalMailTo.toLowerCase())
        .where('template', '=', 'deposit_approved')
        .execute();
      expect(approval).toHaveLength(1);
      const approvalId = `${approval[0]!.id}@atlas-invest`;
      await eventually('the approval e-mail', () => smtp.received.some((m) => m.messageId === approvalId));
      expect(smtp.received.filter((m) => m.messageId === approvalId)).toHaveLength(1);

      // Monthly snapshots: the job's first run comes 5 s after start on both; the lease lets one through.
      const first = await db.db
        .selectFrom('investment')
        .select('created_at')
        .orderBy('created_at')
        .executeTakeFirstOrThrow();
      const expected = monthsBetween(addMonths(monthKey(first.created_at), -1), addMonths(monthKey(new Date()), -1));
      expect(expected.length).toBeGreaterThanOrEqual(1);
      await eventually('the snapshot run', async () => {
        const done = await db.db.selectFrom('performance_snapshot_run').select('month').execute();
        return done.length >= expected.length;
      });
      const runs = await db.db.selectFrom('performance_snapshot_run').select('month').orderBy('month').execute();
      expect(runs.map((r) => r.month)).toEqual(expected);
      const history = await db.db
        .selectFrom('performance_history')
        .select(['user_id', 'month', 'stocks_cents'])
        .orderBy('month')
        .execute();
      expect(history).toEqual(expected.map((month) => ({ user_id: early.id, month, stocks_cents: 20_000 })));
      const snapshotLease = await lease('performance-snapshot');
      expect(byPid(snapshotLease!.holder)).toBeDefined();
      expect(Date.parse(snapshotLease!.expires_at) - Date.now()).toBeGreaterThan(30 * 60_000);

      // Prices: both instances tick every TTL, yet one fetches per period, and a hand-over only
      // happens once the previous holder's lease ran out.
      const window = Date.now() - startedAt;
      const jobFetches = feed.fetches.filter((f) => f.who === 'A' || f.who === 'B');
      expect(jobFetches.length).toBeGreaterThanOrEqual(1);
      expect(jobFetches.length).toBeLessThanOrEqual(Math.floor(window / PRICE_TTL_MS) + 2);
      for (let i = 1; i < jobFetches.length; i++) {
        if (jobFetches[i]!.who !== jobFetches[i - 1]!.who)
          expect(jobFetches[i]!.at - jobFetches[i - 1]!.at).toBeGreaterThanOrEqual(PRICE_LEASE_MS - 1_000);
      }
    });

    it('SIGKILL of one instance mid-traffic loses nothing: acknowledged transfers are there, the other serves on and takes over the jobs', async () => {
      // Four investors, sessions made on either instance, funded 1,000.00 each.
      const people = await Promise.all([
        signUpAndLogIn(a),
        signUpAndLogIn(b),
        signUpAndLogIn(a, b),
        signUpAndLogIn(b, a),
      ]);
      for (const p of people) await fund(harness.ctx, p.id, 100_000);

      // The victim is whichever instance holds the e-mail lease right now, with time left on it.
      const held = await eventually('a live e-mail lease', async () => {
        const row = await lease('email-outbox');
        return row && Date.parse(row.expires_at) - Date.now() > 1_500 ? row : undefined;
      });
      const victim = byPid(held.holder)!;
      const survivor = victim === a ? b : a;

      interface Transfer {
        from: number;
        to: number;
        cents: number;
      }
      const acknowledged = new Map<string, Transfer>();
      const unanswered = new Map<string, Transfer>();
      const unexpected: string[] = [];
      let stop = false;
      let sent = 0;
      const loop = async (from: number) => {
        while (!stop) {
          const key = randomUUID();
          const transfer: Transfer = { from, to: (from + 1) % people.length, cents: 100 * (1 + (sent % 3)) };
          const target = victim.alive() && sent % 2 === 0 ? victim : survivor;
          sent += 1;
          try {
            const res = await call(target, 'POST', '/api/transfers', {
              cookie: people[from]!.cookie,
              headers: { 'idempotency-key': key },
              json: { recipientUid: people[transfer.to]!.uid, amount: toDecimalString(transfer.cents) },
            });
            if (res.status === 201) acknowledged.set(key, transfer);
            else unexpected.push(`${target.name} ${res.status} ${JSON.stringify(res.body)}`);
          } catch {
            unanswered.set(key, transfer); // connection refused or reset: the client never got an answer
          }
        }
      };
      const loops = people.map((_, i) => loop(i));
      await eventually('traffic on both instances', () => acknowledged.size >= 20, 10_000);
      victim.child.kill('SIGKILL');
      const killedAt = Date.now();
      expect(await victim.exited).toMatchObject({ signal: 'SIGKILL' });
      const beforeKill = acknowledged.size;
      await eventually('traffic on the survivor', () => acknowledged.size >= beforeKill + 20, 10_000);
      stop = true;
      await Promise.all(loops);
      expect(unexpected).toEqual([]);

      // Nothing unanswered is half-applied: its ledger transaction is there whole, or not at all.
      expect((await verifyLedger(db.db)).problems).toEqual([]);
      const keys = [...acknowledged.keys(), ...unanswered.keys()];
      const applied = await db.db
        .selectFrom('ledger_tx')
        .innerJoin('internal_transfer', 'internal_transfer.tx_id', 'ledger_tx.id')
        .select(['ledger_tx.idempotency_key as key'])
        .where('ledger_tx.idempotency_key', 'in', keys)
        .execute();
      const appliedKeys = applied.map((r) => r.key);
      expect(new Set(appliedKeys).size).toBe(appliedKeys.length);
      for (const key of acknowledged.keys()) expect(appliedKeys).toContain(key);
      // A client retries what went unanswered on the survivor, with the same key: applied once.
      for (const [key, t] of unanswered) {
        const res = await call(survivor, 'POST', '/api/transfers', {
          cookie: people[t.from]!.cookie,
          headers: { 'idempotency-key': key },
          json: { recipientUid: people[t.to]!.uid, amount: toDecimalString(t.cents) },
        });
        expect(res.status).toBe(201);
        acknowledged.set(key, t);
      }
      const total = await db.db
        .selectFrom('ledger_tx')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('idempotency_key', 'in', keys)
        .executeTakeFirstOrThrow();
      expect(Number(total.n)).toBe(keys.length);
      const expectedBalance = people.map(() => 100_000);
      for (const t of acknowledged.values()) {
        expectedBalance[t.from]! -= t.cents;
        expectedBalance[t.to]! += t.cents;
      }
      for (const [i, p] of people.entries()) {
        const me = await call(survivor, 'GET', '/api/me', { cookie: p.cookie });
        expect(me.status).toBe(200);
        expect(me.body.balance).toBe(toDecimalString(expectedBalance[i]!));
      }
      expect((await verifyLedger(db.db)).problems).toEqual([]);

      // The dead instance's e-mail lease runs out and the survivor delivers what is queued now.
      const secondBatch: string[] = [];
      for (let i = 0; i < 10; i++) {
        secondBatch.push(
          await enqueueEmail(db.db, {
            to: `batch2.${i}@example.test`,
            template: 'deposit_rejected',
            locale: 'fr',
            params: { amount: '5.00' },
          }),
        );
      }
      await eventually(
        'the second batch from the survivor',
        () => secondBatch.every((id) => smtp.received.some((m) => m.messageId === `${id}@atlas-invest`)),
        20_000,
      );
      expect(byPid((await lease('email-outbox'))!.holder)).toBe(survivor);
      for (const id of [...firstBatch, ...secondBatch]) {
        expect(smtp.received.filter((m) => m.messageId === `${id}@atlas-invest`)).toHaveLength(1);
      }
      // Prices keep coming, now from the survivor alone.
      await eventually('a price fetched by the survivor after the crash', () =>
        feed.fetches.some((f) => f.who === survivor.name && f.at > killedAt),
      );
      expect(feed.fetches.some((f) => f.who === victim.name && f.at > killedAt + 100)).toBe(false);
      expect((await call(survivor, 'GET', '/readyz')).status).toBe(200);
    }, 60_000);
  },
);
