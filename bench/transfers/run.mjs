// Authenticated transfers per second and latency at 64 connections, on SQLite then PostgreSQL,
// next to the same server's bare /healthz throughput measured in the same run. Two shapes:
//   spread — 32 users send to each other around a ring (each account is both debited and credited
//            by a few connections at once: the ordinary case);
//   hot    — 16 senders all pay ONE recipient, whose balance row every transfer must update.
// Each of our figures is printed as a share of the raw baseline of ../shared/bench (bare Fastify,
// the same transfer straight through the driver, no authentication), measured in the same run:
// SQLite and PostgreSQL transfers against their baseline's, /healthz against bare Fastify's.
// The baselines stay up for the whole dialect and take their turn in every round with our servers.
// Each dialect runs with sealing off (SEAL_INTERVAL_S=0) and on (SEAL_INTERVAL_S=1: the job seals
// every second while the transfers run, a harder case than the default 60 s), in the same run: both
// servers (two processes per setting) are up at once and take turns, in one order then the reverse
// in the next round, so that a drift of the machine weighs on both alike. Each turn is followed by a pause that lets the sealing job seal
// what the turn wrote; the server's CPU time is counted up to the end of that pause (so CPU per
// request includes the sealing job's share in the server), and /metrics gives the time the
// sealing passes took.
// Usage: npm run build && node bench/transfers/run.mjs [--duration 8] [--rounds 2] [--dialects sqlite,postgres]
//        [--sealing off,on] [--port 4800] [--no-baselines] [--cpu-prof DIR] [--shapes health,spread,hot]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { baselineHealth, baselineTransfers, startBaseline } from '../lib/baselines.mjs';
import { peakRssMiB, startServer } from '../lib/server.mjs';
import { login, makeUser } from '../lib/users.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const duration = Number(arg('duration', '8'));
const rounds = Number(arg('rounds', '2'));
const dialects = arg('dialects', 'sqlite,postgres').split(',');
const sealings = arg('sealing', 'off,on').split(',');
const connections = 64;
const withBaselines = !process.argv.includes('--no-baselines');
const cpuProf = arg('cpu-prof', undefined);
// `health` is the /healthz load; leave it out to profile transfers alone.
const shapes = arg('shapes', 'health,spread,hot').split(',');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const share = (ours, base) => (base ? `${((100 * ours) / base).toFixed(0)} %` : 'n/a');
const summary = [];

const run = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
/** CPU seconds used so far by a process (user + system), from /proc (Linux). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
/** The sealing job's own figures from /metrics: seconds spent in passes, rows sealed. */
async function sealing(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const figure = (name) => Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? 0);
  return { seconds: figure('atlas_seal_pass_seconds_sum'), rows: figure('atlas_sealed_rows_total') };
}
/** Rounds of one measurement folded into one: requests per second overall, the worst p99. */
function fold(results) {
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  const seconds = results.reduce((n, r) => n + r.duration, 0);
  return {
    requests: { average: total / seconds, total },
    seconds,
    latency: {
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
    },
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    cpuPerRequest: results.reduce((n, r) => n + r.cpu, 0) / total,
    sealSeconds: results.reduce((n, r) => n + r.seal.seconds, 0),
    sealedRows: results.reduce((n, r) => n + r.seal.rows, 0),
  };
}
/** The baseline's turns folded alike (it has no sealing job and no CPU counted). */
const foldRaw = (turns) => fold(turns.map((r) => ({ ...r, cpu: 0, seal: { seconds: 0, rows: 0 } })));
const fmt = (r) =>
  `${Math.round(r.requests.average).toString().padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;

/** Each autocannon connection gets its own sender and payee. */
function transfers(base, pairs, seconds = duration) {
  let next = 0;
  return run({
    url: `${base}/api/transfers`,
    connections,
    duration: seconds,
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
// Several people bench on one machine: --port moves this run's servers off the default.
let port = Number(arg('port', '4800'));
const sealingCompared = [];
for (const [i, dialect] of dialects.entries()) {
  // The raw baseline stays up and takes its turns with our servers (below): measured once at the
  // start, it met a different moment of this machine than our turns did, and this machine's speed
  // drifts by a third within minutes.
  const baseline = withBaselines ? await startBaseline(dialect, port + 50 + i) : undefined;
  // One server per sealing setting, all up at once, each with its own users.
  const servers = [];
  // Two processes per setting, started in the order off-on-on-off: two identical processes can
  // differ by 20 % on /healthz for as long as they live (seen here), and the first started was
  // often the slower, so each setting gets one early and one late process.
  const order = sealings.length === 2 ? [...sealings, ...[...sealings].reverse()] : sealings;
  try {
    for (const sealing of order) {
      const server = await startServer({
        dialect,
        port: port++,
        env: { SEAL_INTERVAL_S: sealing === 'on' ? '1' : '0' },
        nodeArgs: cpuProf ? ['--cpu-prof', '--cpu-prof-dir', cpuProf] : [],
      });
      servers.push({ sealing, server, label: `${dialect}/${sealing === 'on' ? 'seal' : 'none'}` });
      console.log(`${servers.at(-1).label.padEnd(13)} server ${servers.length} started (pid ${server.pid})`);
      const admin = await login(server.base, 'bench-admin@atlas.test', 'bench-admin-password');
      const ring = [];
      for (let k = 0; k < 32; k++) ring.push(await makeUser(server.base, admin, 1_000_000));
      const payee = await makeUser(server.base, admin, 0);
      servers.at(-1).loads = {
        '/healthz               ': (seconds) => run({ url: `${server.base}/healthz`, connections, duration: seconds }),
        'POST /transfers spread ': (seconds) =>
          transfers(
            server.base,
            ring.map((u, k) => [u, ring[(k + 1) % ring.length]]),
            seconds,
          ),
        'POST /transfers hot    ': (seconds) =>
          transfers(
            server.base,
            ring.slice(0, 16).map((u) => [u, payee]),
            seconds,
          ),
      };
    }
    const raw = baseline && {
      label: 'raw',
      loads: {
        '/healthz               ': (seconds) => baselineHealth(baseline.base, seconds),
        'POST /transfers spread ': (seconds) => baselineTransfers(baseline.base, seconds),
        'POST /transfers hot    ': (seconds) => baselineTransfers(baseline.base, seconds),
      },
    };
    const names = Object.keys(servers[0].loads).filter((name) => shapes.some((shape) => name.includes(shape)));
    for (const name of names) {
      const turnTakers = raw ? [raw, ...servers] : servers;
      // A short first turn each, so the JIT has compiled the path before anything is counted.
      for (const s of turnTakers) await s.loads[name](2);
      const results = new Map(turnTakers.map((s) => [s, []]));
      const byName = new Map();
      for (let round = 0; round < rounds; round++) {
        for (const s of round % 2 === 0 ? turnTakers : [...turnTakers].reverse()) {
          if (s === raw) {
            results.get(raw).push(await raw.loads[name](duration));
            await pause(2500);
            continue;
          }
          const sealedBefore = await sealing(s.server.base);
          const before = cpuSeconds(s.server.pid);
          const r = await s.loads[name](duration);
          // Sealing runs every second: this pause is its chance to seal the turn's last rows.
          await pause(2500);
          r.cpu = cpuSeconds(s.server.pid) - before;
          const sealedAfter = await sealing(s.server.base);
          r.seal = { seconds: sealedAfter.seconds - sealedBefore.seconds, rows: sealedAfter.rows - sealedBefore.rows };
          results.get(s).push(r);
        }
      }
      // The baseline's turns of this load, taken between ours.
      let base;
      if (raw) {
        const turns = results.get(raw);
        base = foldRaw(turns);
        console.log(
          `raw      ${(name.startsWith('/healthz') ? 'bare Fastify' : dialect).padEnd(8)} ${name}${fmt(base)}  turns ${turns.map((r) => Math.round(r.requests.average)).join(' · ')}  (load ${load()})`,
        );
      }
      // Each setting's turns, over its processes, folded into one figure.
      for (const sealing of sealings) {
        const mine = servers.filter((s) => s.sealing === sealing);
        const folded = fold(mine.flatMap((s) => results.get(s)));
        const label = mine[0].label;
        console.log(
          `${label.padEnd(13)} ${name}${fmt(folded)}  cpu ${(folded.cpuPerRequest * 1e6).toFixed(0)} µs/req  turns ${mine
            .map((s) =>
              results
                .get(s)
                .map((r) => Math.round(r.requests.average))
                .join(' · '),
            )
            .join(' | ')}  (load ${load()})`,
        );
        if (name.startsWith('/healthz')) summary.push([`${label} /healthz`, folded, base]);
        else summary.push([`${label} transfers ${name.includes('spread') ? 'spread' : 'hot'}`, folded, base]);
        byName.set(sealing, folded);
      }
      if (byName.has('off') && byName.has('on'))
        sealingCompared.push([`${dialect} ${name.trim()}`, byName.get('off'), byName.get('on')]);
    }
    for (const { label, server } of servers) {
      const ready = await fetch(`${server.base}/readyz`);
      const head = spawnSync('node', [`${process.env.ATLAS_DIST ?? 'dist'}/server/cli.js`, 'seal-head'], {
        env: server.env,
        encoding: 'utf8',
      }).stdout.trim();
      console.log(
        `${label.padEnd(13)} peak RSS ${peakRssMiB(server.pid).toFixed(0)} MiB  (ready ${ready.status})  ${head}`,
      );
    }
  } finally {
    for (const { server } of servers) await server.stop();
    await baseline?.stop();
  }
}
if (sealingCompared.length > 0) {
  console.log('\nsealing on against off (same run, interleaved turns):');
  const pct = (on, off) => `${on >= off ? '+' : '−'}${Math.abs((100 * (on - off)) / off).toFixed(1)} %`;
  for (const [name, off, on] of sealingCompared)
    console.log(
      `  ${name.padEnd(34)} ${Math.round(off.requests.average).toString().padStart(6)}/s → ${Math.round(on.requests.average).toString().padStart(6)}/s = ${pct(on.requests.average, off.requests.average).padStart(8)}   server CPU per request ${(off.cpuPerRequest * 1e6).toFixed(0)} → ${(on.cpuPerRequest * 1e6).toFixed(0)} µs = ${pct(on.cpuPerRequest, off.cpuPerRequest).padStart(8)}   sealing ${on.sealedRows} rows in ${(on.sealSeconds * 1000).toFixed(0)} ms = ${((100 * on.sealSeconds) / on.seconds).toFixed(1)} % of the turns' time`,
    );
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
