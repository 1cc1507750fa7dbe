// p50/p95 of GET /api/portfolio and of the statement for one investor with 1,000 investments,
// first in a database holding 10,000 investments in total, then 1,000,000, on SQLite and then
// PostgreSQL, timed over HTTP against the built server (what a person waits for).
// Usage: npm run build && node bench/portfolio/run.mjs [--dialects sqlite,postgres] [--samples 200] [--sizes 10000,1000000] [--verify] [--cpu-prof DIR] [--hold SECONDS]
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startServer } from '../lib/server.mjs';
import { login, makeUser } from '../lib/users.mjs';
import { fillStatements, PER_USER } from './fill.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dialects = arg('dialects', 'sqlite,postgres').split(',');
const samples = Number(arg('samples', '200'));
const sizes = arg('sizes', '10000,1000000').split(',').map(Number);
const verify = process.argv.includes('--verify');
const profileDir = arg('cpu-prof', null);
/** Seconds to keep the last server and database up after the figures (to EXPLAIN by hand). */
const hold = Number(arg('hold', '0'));
const MINE = 1_000;
const STOPPED = 100;
const TRANSFERS = 10;
const BATCH_USERS = 200;
const areas = ['crypto', 'trading', 'stocks', 'real_estate'];

async function call(base, cookie, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} ${res.status} ${await res.text()}`);
  return res.json();
}

async function pool(count, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** The measured investor, made through the API like a real one: deposit, 1,000 investments, 100 stopped after 5 days, 10 transfers. */
async function makeInvestor(base, admin) {
  const me = await makeUser(base, admin, 200_000);
  const friend = await makeUser(base, admin, 0);
  const ids = new Array(MINE);
  await pool(MINE, 4, async (k) => {
    const amount = `${10 + (k % 90)}.${String(k % 100).padStart(2, '0')}`;
    ids[k] = (await call(base, me.cookie, 'POST', '/api/investments', { area: areas[k % 4], amount })).investment.id;
  });
  await call(base, me.cookie, 'POST', '/api/test/clock', { advanceDays: 5 });
  for (let k = 0; k < STOPPED; k++)
    await call(base, me.cookie, 'POST', `/api/investments/${ids[k * (MINE / STOPPED)]}/stop`);
  for (let k = 0; k < TRANSFERS; k++)
    await call(base, me.cookie, 'POST', '/api/transfers', { recipientUid: friend.uid, amount: '5.00' });
  return me;
}

function database(dialect, server) {
  if (dialect === 'sqlite') {
    const db = new Database(path.join(server.dataDir, 'atlas.db'));
    db.pragma('busy_timeout = 30000');
    db.pragma('foreign_keys = ON');
    return {
      run: async (statements) => db.transaction(() => statements.forEach((s) => db.exec(s)))(),
      all: async (q) => db.prepare(q).all(),
      analyze: async () => {},
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  const ready = client.connect();
  return {
    run: async (statements) => {
      await ready;
      await client.query('begin');
      for (const s of statements) await client.query(s);
      await client.query('commit');
    },
    all: async (q) => {
      await ready;
      return (await client.query(q)).rows;
    },
    // What autovacuum does shortly after a bulk load (statistics, visibility map); done now so every run sees the same.
    analyze: async () => void (await client.query('vacuum analyze')),
    close: async () => client.end(),
  };
}

/** A run of free user numbers for the bulk UIDs (ATU + 6 digits), clear of the UIDs already given. */
async function freeUidBase(db, count) {
  const taken = (await db.all(`select uid from user_profile`))
    .map((r) => Number(String(r.uid).slice(3)))
    .sort((x, y) => x - y);
  let base = 100_000;
  for (const n of taken) if (n >= base && n < base + count) base = n + 1;
  if (base + count > 999_999) throw new Error('no free UID range');
  return base;
}

async function time(url, cookie) {
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: cookie ? { cookie } : {} });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} ${res.status}`);
    return { ms: performance.now() - t0, bytes: body.byteLength };
  };
  for (let i = 0; i < 20; i++) await once();
  const runs = [];
  for (let i = 0; i < samples; i++) runs.push(await once());
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), kb: runs[0].bytes / 1024 };
}

const endpoints = [
  ['GET /healthz (bare)', '/healthz', false],
  ['GET /api/portfolio', '/api/portfolio', true],
  ['GET /api/statement (25 lines)', '/api/statement?limit=25', true],
  ['GET /api/portfolio/history', '/api/portfolio/history', true],
  ['GET /api/statement.csv (all)', '/api/statement.csv', true],
];

console.log(
  `bench/portfolio — ${new Date().toISOString()} — ${os.cpus().length}× ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${samples} sequential requests per figure`,
);
const results = [];
for (const [i, dialect] of dialects.entries()) {
  const port = 4421 + i;
  const server = await startServer({
    dialect,
    port,
    env: { TEST_CLOCK: 'true', BTC_PRICE_URL: `http://127.0.0.1:${port}/api/test/btc-price` },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  const db = database(dialect, server);
  try {
    const admin = await login(server.base, 'bench-admin@atlas.test', 'bench-admin-password');
    const adminId = (await call(server.base, admin, 'GET', '/api/me')).id;
    let t = performance.now();
    const me = await makeInvestor(server.base, admin);
    console.log(
      `${dialect}: investor with ${MINE} investments (${STOPPED} stopped) and ${TRANSFERS} transfers made through the API in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const usersFor = (size) => Math.max(0, Math.ceil((size - MINE) / PER_USER));
    const uidBase = await freeUidBase(db, usersFor(Math.max(...sizes)));
    const t0 = Date.now() - 341 * 86_400_000;
    let filled = 0;
    for (const size of sizes) {
      t = performance.now();
      for (let from = filled, to; from < usersFor(size); from = to) {
        to = Math.min(usersFor(size), from + BATCH_USERS);
        await db.run(fillStatements(dialect, { fromUser: from, toUser: to, t0, uidBase, adminId }));
      }
      filled = usersFor(size);
      await db.analyze();
      const [{ n }] = await db.all('select count(*) as n from investment');
      console.log(
        `${dialect}: ${Number(n).toLocaleString('en-US')} investments in the database (${filled.toLocaleString('en-US')} other investors, bulk load ${((performance.now() - t) / 1000).toFixed(1)} s)`,
      );
      for (const [label, url, auth] of endpoints) {
        const r = await time(`${server.base}${url}`, auth ? me.cookie : null);
        results.push({ dialect, size: Number(n), label, ...r });
        console.log(
          `${dialect.padEnd(8)} ${Number(n).toLocaleString('en-US').padStart(9)}  ${label.padEnd(32)} p50 ${r.p50.toFixed(2).padStart(7)} ms  p95 ${r.p95.toFixed(2).padStart(7)} ms  ${r.kb.toFixed(1).padStart(7)} KiB`,
        );
      }
    }
    if (verify) {
      const v = spawnSync('node', [`${process.env.ATLAS_DIST ?? 'dist'}/server/cli.js`, 'verify-ledger'], {
        env: server.env,
        encoding: 'utf8',
      });
      console.log(
        `${dialect}: verify-ledger exit ${v.status}: ${(v.stdout + v.stderr).trim().split('\n').slice(-3).join(' | ')}`,
      );
    }
    if (hold > 0) {
      console.log(
        `${dialect}: holding ${hold} s — ${server.env.DATABASE_URL ?? path.join(server.dataDir, 'atlas.db')}, investor ${me.id}`,
      );
      await new Promise((r) => setTimeout(r, hold * 1000));
    }
  } finally {
    await db.close();
    await server.stop();
  }
}

console.log('\nratio of the largest to the smallest database (p95):');
for (const dialect of dialects) {
  for (const [label] of endpoints) {
    const rows = results.filter((r) => r.dialect === dialect && r.label === label);
    if (rows.length < 2) continue;
    console.log(`${dialect.padEnd(8)} ${label.padEnd(32)} ×${(rows[rows.length - 1].p95 / rows[0].p95).toFixed(2)}`);
  }
}
