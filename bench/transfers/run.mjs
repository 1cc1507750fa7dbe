// Authenticated transfers per second and latency at 64 connections, on SQLite then PostgreSQL,
// next to the same server's bare /healthz throughput measured in the same run.
// Usage: npm run build && node bench/transfers/run.mjs [--duration 10] [--dialects sqlite,postgres]
import os from 'node:os';
import autocannon from 'autocannon';
import { peakRssMiB, startServer } from '../lib/server.mjs';
import { login, makeUser } from '../lib/users.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const duration = Number(arg('duration', '10'));
const dialects = arg('dialects', 'sqlite,postgres').split(',');
const connections = 64;

const run = (opts) => new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
const fmt = (r) => `${Math.round(r.requests.average).toString().padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;

console.log(`bench/transfers — ${new Date().toISOString()} — ${os.cpus().length}× ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
for (const [i, dialect] of dialects.entries()) {
  const server = await startServer({ dialect, port: 4800 + i });
  try {
    const admin = await login(server.base, 'bench-admin@atlas.test', 'bench-admin-password');
    const senders = [];
    for (let k = 0; k < 16; k++) senders.push(await makeUser(server.base, admin, 1_000_000));
    const recipient = await makeUser(server.base, admin, 0);
    const health = await run({ url: `${server.base}/healthz`, connections, duration });
    let next = 0;
    const transfers = await run({
      url: `${server.base}/api/transfers`,
      connections,
      duration,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ recipientUid: recipient.uid, amount: '0.01' }),
      setupClient: (client) => client.setHeaders({ 'content-type': 'application/json', cookie: senders[next++ % senders.length].cookie }),
    });
    const verify = await fetch(`${server.base}/readyz`);
    console.log(`${dialect.padEnd(8)} /healthz        ${fmt(health)}`);
    console.log(`${dialect.padEnd(8)} POST /transfers ${fmt(transfers)}  peak RSS ${peakRssMiB(server.pid).toFixed(0)} MiB  (ready ${verify.status})`);
  } finally {
    await server.stop();
  }
}
