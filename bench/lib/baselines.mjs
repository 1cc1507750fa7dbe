// Starts the raw money-path baselines of ../shared/bench (bare Fastify, the same transfer straight
// through the driver, no authentication) and measures them in the same run as our server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { scratchDatabase } from './scratch-db.mjs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.resolve(here, '../..');
export const baselineDir = process.env.BASELINE_DIR ?? path.resolve(project, '../shared/bench');
const fallbackDir = '/work/shared/bench';

function dir() {
  if (existsSync(path.join(baselineDir, 'raw-transfer-baseline.cjs'))) return baselineDir;
  if (existsSync(path.join(fallbackDir, 'raw-transfer-baseline.cjs'))) return fallbackDir;
  throw new Error(`raw baselines not found in ${baselineDir} (set BASELINE_DIR)`);
}

const run = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

/** Starts one baseline (`sqlite` or `postgres`) on `port`; returns { base, stop }. */
export async function startBaseline(kind, port) {
  const script = kind === 'postgres' ? 'raw-transfer-baseline-pg.cjs' : 'raw-transfer-baseline.cjs';
  const env = { ...process.env, NODE_PATH: path.join(project, 'node_modules') };
  let scratch;
  if (kind === 'postgres') {
    scratch = await scratchDatabase('atlas_raw');
    env.PGURL = scratch.url;
  }
  const child = spawn('node', [path.join(dir(), script), String(port)], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = null;
  child.once('exit', (code, signal) => (exited = signal ?? code));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300 && exited === null; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (exited !== null) throw new Error(`baseline ${kind} exited (${exited})`);
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (exited !== null ? r() : child.once('exit', r)));
      await scratch?.drop();
    },
  };
}

/** The baseline's transfers (random pairs among 10,000 accounts, as load-random-transfers.cjs), 64 connections. */
export function baselineTransfers(base, duration, connections = 64) {
  return run({
    url: `${base}/transfer`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (r) => {
          const s = 1 + Math.floor(Math.random() * 10000);
          let d = 1 + Math.floor(Math.random() * 10000);
          if (d === s) d = (s % 10000) + 1;
          return { ...r, body: JSON.stringify({ s, d, a: 100 }) };
        },
      },
    ],
  });
}

export const baselineHealth = (base, duration, connections = 64) =>
  run({ url: `${base}/healthz`, connections, duration });
