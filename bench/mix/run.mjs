// `npm run bench`: the built server on SQLite, then on PostgreSQL, under a realistic mix driven by
// autocannon — logins, portfolio reads, investments, transfers, deposit submissions (multipart
// with a real PNG proof) and operator approvals, all at once — next to the bare /healthz figure of
// the same server, with peak memory. Prints figures; never asserts timings.
// Usage: npm run build && node bench/mix/run.mjs [--duration 15] [--health 10] [--dialects sqlite,postgres] [--cpu-prof DIR]
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { peakRssMiB, startServer } from '../lib/server.mjs';
import { login, makeUser } from '../lib/users.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const duration = Number(arg('duration', '15'));
const healthDuration = Number(arg('health', '10'));
const dialects = arg('dialects', 'sqlite,postgres').split(',');
const profileDir = arg('cpu-prof', null);
const USERS = 16;
const PRESEEDED_DEPOSITS = 60;
/**
 * People log in, send deposit proofs and decide them far less often than they read and move
 * money: those three groups run at a fixed rate (a login costs a deliberate password hash), the
 * other groups as fast as the server answers.
 */
const LOGINS_PER_S = 5;
const DEPOSITS_PER_S = 4;
const APPROVALS_PER_S = 5;

const run = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

async function post(base, cookie, url, body) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url} ${res.status} ${await res.text()}`);
  return res.json();
}

/** A deposit form as browsers send it: `amount` and a small valid PNG `proof`. */
async function depositForm() {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();
  const boundary = '----atlasbench7d1f';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n25\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Clients of one group take the group's users in turn, each with its own cookie (and body, when given). */
const rotating = (users, headers = {}, bodyOf = null) => {
  let next = 0;
  return (client) => {
    const k = next++ % users.length;
    client.setHeaders({ ...headers, cookie: users[k].cookie });
    if (bodyOf) client.setBody(bodyOf(k));
  };
};

async function mixFor(dialect, port) {
  const server = await startServer({
    dialect,
    port,
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  try {
    const { base } = server;
    const admin = await login(base, 'bench-admin@atlas.test', 'bench-admin-password');
    const users = [];
    for (let k = 0; k < USERS; k++) users.push(await makeUser(base, admin, 1_000_000));
    // Different people act at once: readers, investors and senders are distinct, and each sender
    // pays its own recipient (one account everybody pays is a hot row: bench/transfers measures that).
    const readers = users.slice(0, 8);
    const investors = users.slice(8, 12);
    const senders = users.slice(12, 16);
    const recipients = [];
    for (let k = 0; k < senders.length; k++) recipients.push(await makeUser(base, admin, 0));
    // Something to read on every portfolio and a statement with a history.
    for (const u of users)
      for (let k = 0; k < 10; k++)
        await post(base, u.cookie, '/api/investments', {
          area: ['crypto', 'trading', 'stocks', 'real_estate'][k % 4],
          amount: '10.00',
        });
    const form = await depositForm();
    const pending = [];
    for (let k = 0; k < PRESEEDED_DEPOSITS; k++) {
      const res = await fetch(`${base}/api/deposits`, {
        method: 'POST',
        headers: { cookie: users[k % USERS].cookie, 'content-type': form.contentType },
        body: form.body,
      });
      if (res.status !== 201) throw new Error(`deposit ${res.status} ${await res.text()}`);
      pending.push((await res.json()).id);
    }

    const health = await run({ url: `${base}/healthz`, connections: 32, duration: healthDuration });

    let approved = 0;
    let queueReads = 0;
    let nextLogin = 0;
    const common = { url: base, duration };
    const groups = [
      [
        'POST /api/accounts/login',
        run({
          ...common,
          connections: 2,
          overallRate: LOGINS_PER_S,
          requests: [
            {
              method: 'POST',
              path: '/api/accounts/login',
              headers: { 'content-type': 'application/json' },
              setupRequest: (req) => {
                const u = users[nextLogin++ % USERS];
                return { ...req, body: JSON.stringify({ email: u.email, password: u.password }) };
              },
            },
          ],
        }),
      ],
      [
        'GET /api/portfolio',
        run({
          ...common,
          connections: 8,
          requests: [{ method: 'GET', path: '/api/portfolio' }],
          setupClient: rotating(readers),
        }),
      ],
      [
        'GET /api/statement',
        run({
          ...common,
          connections: 2,
          requests: [{ method: 'GET', path: '/api/statement?limit=25' }],
          setupClient: rotating(readers),
        }),
      ],
      [
        'POST /api/investments',
        run({
          ...common,
          connections: 4,
          requests: [
            { method: 'POST', path: '/api/investments', body: JSON.stringify({ area: 'stocks', amount: '1.00' }) },
          ],
          setupClient: rotating(investors, { 'content-type': 'application/json' }),
        }),
      ],
      [
        'POST /api/transfers',
        run({
          ...common,
          url: `${base}/api/transfers`,
          method: 'POST',
          connections: 4,
          setupClient: rotating(senders, { 'content-type': 'application/json' }, (k) =>
            JSON.stringify({ recipientUid: recipients[k].uid, amount: '0.01' }),
          ),
        }),
      ],
      [
        'POST /api/deposits (PNG proof)',
        run({
          ...common,
          connections: 2,
          overallRate: DEPOSITS_PER_S,
          requests: [
            {
              method: 'POST',
              path: '/api/deposits',
              body: form.body,
              onResponse: (status, body) => {
                if (status === 201) pending.push(JSON.parse(body).id);
              },
            },
          ],
          setupClient: rotating(readers, { 'content-type': form.contentType }),
        }),
      ],
      // An operator approving the oldest pending deposit; should the queue run dry, reading it instead.
      [
        'POST /api/admin/deposits/:id/approve',
        run({
          ...common,
          connections: 1,
          overallRate: APPROVALS_PER_S,
          headers: { cookie: admin, 'content-type': 'application/json' },
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => {
                const id = pending.shift();
                if (id) {
                  approved += 1;
                  return { ...req, method: 'POST', path: `/api/admin/deposits/${id}/approve`, body: '{}' };
                }
                queueReads += 1;
                return { ...req, method: 'GET', path: '/api/admin/deposits?status=pending', body: undefined };
              },
            },
          ],
        }),
      ],
    ];
    const results = [];
    for (const [label, promise] of groups) results.push([label, await promise]);
    const rss = peakRssMiB(server.pid);
    const verify = spawnSync('node', [`${process.env.ATLAS_DIST ?? 'dist'}/server/cli.js`, 'verify-ledger'], {
      env: server.env,
      encoding: 'utf8',
    });
    return {
      health,
      results,
      rss,
      approved,
      queueReads,
      ledger: verify.status === 0 ? 'ledger OK' : `verify-ledger FAILED: ${(verify.stdout + verify.stderr).trim()}`,
    };
  } finally {
    await server.stop();
  }
}

const line = (dialect, label, r) =>
  `${dialect.padEnd(10)} ${label.padEnd(38)} ${Math.round(r.requests.average).toString().padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  non-2xx ${r.non2xx}  errors ${r.errors + r.timeouts}`;

console.log(
  `npm run bench — ${new Date().toISOString()} — ${os.cpus().length}× ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(
  `/healthz alone ${healthDuration} s at 32 connections, then every group below at once for ${duration} s (connections: portfolio 8, statement 2, invest 4, transfer 4 as fast as answered; login 2 at ${LOGINS_PER_S}/s, deposit 2 at ${DEPOSITS_PER_S}/s, operator 1 at ${APPROVALS_PER_S}/s)\n`,
);
for (const [i, dialect] of dialects.entries()) {
  const name = dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const r = await mixFor(dialect, 4425 + i);
  console.log(line(name, 'GET /healthz (alone, same server)', r.health));
  for (const [label, res] of r.results) console.log(line(name, label, res));
  const total = r.results.reduce((sum, [, res]) => sum + res.requests.average, 0);
  console.log(
    `${name.padEnd(10)} mix total ${Math.round(total)} req/s · ${r.approved} deposits approved${r.queueReads ? `, ${r.queueReads} queue reads while none was pending` : ''} · peak RSS ${r.rss.toFixed(0)} MiB · ${r.ledger}\n`,
  );
}
