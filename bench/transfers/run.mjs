// Authenticated transfers per second and latency at 64 connections, on SQLite then PostgreSQL,
// next to the same server's bare /healthz throughput measured in the same run. Two shapes:
//   spread — 32 users send to each other around a ring (each account is both debited and credited
//            by a few connections at once: the ordinary case);
//   hot    — 16 senders all pay ONE recipient, whose balance row every transfer must update.
// Each of our figures is printed as a share of the raw baseline of ../shared/bench (bare Fastify,
// the same transfer straight through the driver, no authentication), measured in the same run:
// SQLite and PostgreSQL transfers against their baseline's, /healthz against bare Fastify's.
// Each dialect runs with sealing off (SEAL_INTERVAL_S=0) and on (SEAL_INTERVAL_S=1: the job seals
// every second while the transfers run, a harder case than the default 60 s), in the same run.
// Usage: npm run build && node bench/transfers/run.mjs [--duration 10] [--dialects sqlite,postgres]
//        [--sealing off,on] [--port 4800] [--no-baselines] [--cpu-prof DIR] [--shapes spread,hot]
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { baselineHealth, baselineTransfers, startBaseline } from '../lib/baselines.mjs';
import { peakRssMiB, startServer } from '../lib/server.mjs';
import { login, makeUser } from '../lib/users.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const duration = Number(arg('duration', '10'));
const dialects = arg('dialects', 'sqlite,postgres').split(',');
const sealings = arg('sealing', 'off,on').split(',');
const connections = 64;
const withBaselines = !process.argv.includes('--no-baselines');
const cpuProf = arg('cpu-prof', undefined);
const shapes = arg('shapes', 'spread,hot').split(',');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const share = (ours, base) => (base ? `${((100 * ours) / base).toFixed(0)} %` : 'n/a');
const summary = [];

const run = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
const fmt = (r) =>
  `${Math.round(r.requests.average).toString().padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;

/** Each autocannon connection gets its own sender and payee. */
function transfers(base, pairs) {
  let next = 0;
  return run({
    url: `${base}/api/transfers`,
    connections,
    duration,
    method: 'POST',
    setupClient: (client) => {
      const [sender, recipient] = pairs[next++ % pairs.length];
      client.setHeaders({ 'content-type': 'application/json', cookie: sender.cookie });
      client.setBody(JSON.stringify({ recipientUid: recipient.uid, amount: '0.01' }));
    },
  });
}

console.log(
  `bench/transfers — ${new Date().toISOString()} — ${os.cpus().length}× ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${load()}`,
);
let bareHealth;
// Several people bench on one machine: --port moves this run's servers off the default.
let port = Number(arg('port', '4800'));
for (const [i, dialect] of dialects.entries()) {
  let raw;
  if (withBaselines) {
    const baseline = await startBaseline(dialect, port + 50 + i);
    try {
      if (i === 0) {
        bareHealth = await baselineHealth(baseline.base, duration);
        console.log(`raw      bare Fastify /healthz      ${fmt(bareHealth)}  (load ${load()})`);
      }
      raw = await baselineTransfers(baseline.base, duration);
      console.log(`raw      ${dialect.padEnd(8)} transfers         ${fmt(raw)}  (load ${load()})`);
    } finally {
      await baseline.stop();
    }
  }
  for (const sealing of sealings) {
    const label = `${dialect}/${sealing === 'on' ? 'seal' : 'none'}`;
    const server = await startServer({
      dialect,
      port: port++,
      env: { SEAL_INTERVAL_S: sealing === 'on' ? '1' : '0' },
      nodeArgs: cpuProf ? ['--cpu-prof', '--cpu-prof-dir', cpuProf] : [],
    });
    try {
      const admin = await login(server.base, 'bench-admin@atlas.test', 'bench-admin-password');
      const ring = [];
      for (let k = 0; k < 32; k++) ring.push(await makeUser(server.base, admin, 1_000_000));
      const payee = await makeUser(server.base, admin, 0);
      const health = await run({ url: `${server.base}/healthz`, connections, duration });
      console.log(`${label.padEnd(13)} /healthz               ${fmt(health)}  (load ${load()})`);
      if (bareHealth) summary.push([`${label} /healthz`, health, bareHealth]);
      if (shapes.includes('spread')) {
        const spread = await transfers(
          server.base,
          ring.map((u, k) => [u, ring[(k + 1) % ring.length]]),
        );
        console.log(`${label.padEnd(13)} POST /transfers spread ${fmt(spread)}  (load ${load()})`);
        summary.push([`${label} transfers spread`, spread, raw]);
      }
      if (shapes.includes('hot')) {
        const hot = await transfers(
          server.base,
          ring.slice(0, 16).map((u) => [u, payee]),
        );
        console.log(`${label.padEnd(13)} POST /transfers hot    ${fmt(hot)}  (load ${load()})`);
        summary.push([`${label} transfers hot`, hot, raw]);
      }
      const ready = await fetch(`${server.base}/readyz`);
      const head = spawnSync('node', [`${process.env.ATLAS_DIST ?? 'dist'}/server/cli.js`, 'seal-head'], {
        env: server.env,
        encoding: 'utf8',
      }).stdout.trim();
      console.log(
        `${label.padEnd(13)} peak RSS ${peakRssMiB(server.pid).toFixed(0)} MiB  (ready ${ready.status})  ${head}`,
      );
    } finally {
      await server.stop();
    }
  }
}
if (withBaselines) {
  console.log('\nshare of the raw baseline (same run):');
  for (const [name, ours, base] of summary) {
    const r = Math.round(ours.requests.average);
    console.log(
      `  ${name.padEnd(28)} ${String(r).padStart(6)}/s of ${String(Math.round(base?.requests.average ?? 0)).padStart(6)}/s = ${share(ours.requests.average, base?.requests.average).padStart(5)}   p99 ${ours.latency.p99} ms (baseline ${base?.latency.p99} ms)`,
    );
  }
}
