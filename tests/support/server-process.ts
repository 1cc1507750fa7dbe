import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerBundle {
  /** The bundled src/server/main.ts, run with plain `node` (starts in about a second, unlike tsx). */
  main: string;
  remove(): void;
}

/**
 * Bundles the server as `npm run build:server` does, into a private folder under `.tmp/` (inside
 * the repository, so that the external packages resolve from its node_modules).
 */
export async function bundleServer(): Promise<ServerBundle> {
  const dir = path.join(root, '.tmp', `server-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: { main: path.join(root, 'src/server/main.ts') },
    outdir: dir,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  // Read by URL next to the bundle, as scripts/build-server.mjs copies them.
  cpSync(path.join(root, 'src/server/db/functions'), path.join(dir, 'functions'), { recursive: true });
  return { main: path.join(dir, 'main.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Polls `<url>/readyz` every 50 ms until it answers 200 (true) or `timeoutMs` passes (false).
 * `failed()` returns why waiting is pointless (the process exited), and that is thrown at once.
 */
export async function waitForReady(url: string, timeoutMs: number, failed: () => string | null): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() <= until) {
    const why = failed();
    if (why) throw new Error(why);
    try {
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

export interface ServerProcess {
  name: string;
  pid: number;
  url: string;
  child: ChildProcess;
  /** The last lines the process wrote (for failure messages). */
  output(): string;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** SIGTERM (graceful drain) and wait, or SIGKILL after `ms`. */
  stop(ms?: number): Promise<void>;
}

/**
 * Starts `node <bundle>` on a free loopback port with only the given environment (plus PATH and
 * HOME: nothing leaks in from the test runner's own environment), and waits for /readyz.
 */
export async function startServerProcess(
  bundle: ServerBundle,
  name: string,
  env: Record<string, string>,
  readyMs = 45_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [bundle.main], {
    cwd: root,
    // Test traffic comes from one address: the per-address API ceiling has its own tests.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_WEB: 'false',
      API_READS_PER_MINUTE: '10000000',
      API_WRITES_PER_MINUTE: '10000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let gone = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      gone = true;
      resolve({ code, signal });
    }),
  );
  const output = () => `[${name}] ${lines.join(`\n[${name}] `)}`;

  if (!(await waitForReady(url, readyMs, () => (gone ? `${name} exited before it was ready:\n${output()}` : null)))) {
    child.kill('SIGKILL');
    throw new Error(`${name} not ready after ${readyMs} ms:\n${output()}`);
  }

  return {
    name,
    pid: child.pid!,
    url,
    child,
    output,
    exited,
    alive: () => !gone,
    stop: async (ms = 5_000) => {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      await exited;
      clearTimeout(timer);
    },
  };
}
