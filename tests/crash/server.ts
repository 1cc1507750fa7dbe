import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForReady } from '../support/server-process';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** How the real server is started: the esbuild bundle (as in production) or the sources through tsx. */
export type ServerCommand = { kind: 'bundle'; dir: string } | { kind: 'source' };

function argv(command: ServerCommand, entry: 'main' | 'cli'): string[] {
  // `node` directly (never npx or a shell): SIGKILL must hit the server process itself.
  return command.kind === 'bundle'
    ? [path.join(command.dir, 'server', `${entry}.js`)]
    : ['--import', 'tsx', `src/server/${entry}.ts`];
}

/** Bundles the server with the project's own build script into a private folder. */
export async function buildServerBundle(): Promise<ServerCommand> {
  const dir = path.join(repoRoot, '.tmp', `crash-build-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const p = spawn(process.execPath, ['scripts/build-server.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, ATLAS_DIST: dir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build-server exited ${code}`))));
  });
  if (!existsSync(path.join(dir, 'server', 'main.js'))) throw new Error('server bundle missing after build');
  return { kind: 'bundle', dir };
}

export async function runCli(
  command: ServerCommand,
  env: NodeJS.ProcessEnv,
  args: string[],
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [...argv(command, 'cli'), ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    p.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    p.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    p.on('error', reject);
    p.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** One server process at a time on the same data: start, SIGKILL, start again. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** Every log line of the current life (JSON from pino). */
  lines: string[] = [];
  starts = 0;
  readonly startMs: number[] = [];

  constructor(
    private readonly command: ServerCommand,
    private readonly env: NodeJS.ProcessEnv,
    readonly base: string,
  ) {}

  async start(timeoutMs = 90_000): Promise<void> {
    const t0 = Date.now();
    this.lines = [];
    const child = spawn(process.execPath, argv(this.command, 'main'), {
      cwd: repoRoot,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let early: string | null = null;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        early ??= `server exited (${signal ?? code}) before it was ready`;
        resolve();
      }),
    );
    let rest = '';
    const onData = (c: Buffer) => {
      rest += c.toString();
      const parts = rest.split('\n');
      rest = parts.pop()!;
      this.lines.push(...parts);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    if (
      !(await waitForReady(this.base, timeoutMs, () =>
        early ? `${early}\n${this.lines.slice(-20).join('\n')}` : null,
      ))
    ) {
      throw new Error(`server not ready after ${timeoutMs} ms\n${this.lines.slice(-20).join('\n')}`);
    }
    this.starts += 1;
    this.startMs.push(Date.now() - t0);
  }

  /** SIGKILL: no handler runs, no request finishes, nothing is flushed by the process. */
  async kill(): Promise<void> {
    if (!this.child) return;
    this.child.kill('SIGKILL');
    await this.exited;
    this.child = null;
  }

  /** The graceful stop of the end of a round (SIGTERM drains in-flight requests). */
  async stop(): Promise<void> {
    if (!this.child) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
    this.child = null;
  }

  /** Waits for a log line of this life whose `msg` is the given text. */
  async waitForLog(msg: string, timeoutMs = 20_000): Promise<Record<string, unknown>> {
    const t0 = Date.now();
    while (Date.now() - t0 < timeoutMs) {
      for (const line of this.lines) {
        if (!line.includes(msg)) continue;
        try {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          if (parsed.msg === msg) return parsed;
        } catch {
          /* not JSON */
        }
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no "${msg}" in the server log after ${timeoutMs} ms`);
  }
}

/**
 * A money-traffic server's environment (the crash round and the fault suite): one instance, every
 * per-address limit out of the way, the test clock and routes, and no outside service.
 */
export function trafficServerEnv(o: { dataDir: string; port: number; secret: string }): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${o.port}`;
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: o.dataDir,
    DATABASE_URL: '',
    S3_BUCKET: '',
    PUBLIC_URL: '',
    PORT: String(o.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SERVE_WEB: 'false',
    TEST_CLOCK: 'true',
    DEMO_MODE: 'true',
    PASSWORD_SCRYPT_N: '1024',
    AUTH_LIMIT_FACTOR: '1000',
    API_READS_PER_MINUTE: '10000000',
    API_WRITES_PER_MINUTE: '10000000',
    MAX_PENDING_DEPOSITS: '1000',
    PROOF_UPLOADS_PER_HOUR: '1000000',
    RECIPIENT_LOOKUPS_PER_HOUR: '1000000',
    AUTH_SECRET: o.secret,
    BTC_PRICE_URL: `${base}/api/test/btc-price`,
    LTC_PRICE_URL: `${base}/api/test/price/LTC`,
    SOL_PRICE_URL: `${base}/api/test/price/SOL`,
    USDT_PRICE_URL: `${base}/api/test/price/USDT`,
    BTC_PRICE_TIMEOUT_MS: '1000',
  };
}
