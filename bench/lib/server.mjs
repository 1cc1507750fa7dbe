// Starts the built server (dist/) on a fresh data folder, SQLite or PostgreSQL, and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './scratch-db.mjs';

/** `nodeArgs`: extra flags for the server's node process (e.g. `--cpu-prof`). */
export async function startServer({ dialect, port, env = {}, nodeArgs = [] }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atlas-bench-'));
  let scratch;
  const extra = {};
  if (dialect === 'postgres') {
    scratch = await scratchDatabase('atlas_bench');
    extra.DATABASE_URL = scratch.url;
    extra.AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-00';
  }
  const dist = process.env.ATLAS_DIST ?? 'dist';
  const common = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    DEMO_MODE: 'true',
    AUTH_LIMIT_FACTOR: '1000',
    DUAL_CONTROL_FROM: '100000000.00',
    TEST_CLOCK: 'true',
    API_READS_PER_MINUTE: '10000000',
    API_WRITES_PER_MINUTE: '10000000',
    VITALS_BEACONS_PER_MINUTE: '10000000',
    ASSISTANT_MESSAGES_PER_MINUTE: '10000000',
    MAX_PENDING_DEPOSITS: '1000',
    PROOF_UPLOADS_PER_HOUR: '1000000',
    RECIPIENT_LOOKUPS_PER_HOUR: '1000000',
    BTC_PRICE_URL: 'http://127.0.0.1:9/none',
    LTC_PRICE_URL: 'http://127.0.0.1:9/none/LTC',
    SOL_PRICE_URL: 'http://127.0.0.1:9/none/SOL',
    USDT_PRICE_URL: 'http://127.0.0.1:9/none/USDT',
    ...extra,
    ...env,
  };
  await new Promise((resolve, reject) => {
    const p = spawn(
      'node',
      [
        `${dist}/server/cli.js`,
        'create',
        '--email',
        'bench-admin@atlas.test',
        '--password',
        'bench-admin-password',
        '--name',
        'Bench Operator',
      ],
      { env: common, stdio: 'ignore' },
    );
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`admin create exited ${code}`))));
  });
  const child = spawn('node', [...nodeArgs, `${dist}/server/main.js`], {
    env: common,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Our own server must answer: one that exited (a port already taken) must not be mistaken for another listener.
  let exited = null;
  child.once('exit', (code, signal) => (exited = signal ?? code));
  let ready = false;
  for (let i = 0; i < 300 && exited === null && !ready; i++) {
    try {
      ready = (await fetch(`${base}/readyz`)).ok;
    } catch {
      /* not up yet */
    }
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  if (exited !== null || !ready) {
    child.kill('SIGKILL');
    throw new Error(
      `server on port ${port} did not start (${exited !== null ? `exited: ${exited}` : 'not ready after 30 s'})`,
    );
  }
  return {
    base,
    pid: child.pid,
    /** The data folder and the environment the server runs with (CLI commands can reuse them). */
    dataDir,
    env: common,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

/** Peak resident memory of a process, from /proc (Linux), in MiB. */
export function peakRssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
