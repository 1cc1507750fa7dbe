import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { bundleServer, type ServerBundle } from '../support/server-process';

/** A Node older than 22.12 on this machine's PATH (the system's Node 20 beside the project's 24), if any. */
function olderNode(): string | undefined {
  const running = realpathSync(process.execPath);
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'node');
    if (!dir || !existsSync(candidate) || realpathSync(candidate) === running) continue;
    const [major = 0, minor = 0] = execFileSync(candidate, ['-p', 'process.versions.node'])
      .toString()
      .split('.')
      .map(Number);
    if (major < 22 || (major === 22 && minor < 12)) return candidate;
  }
  return undefined;
}

describe(`the Node the server runs on (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("reports it in /metrics as prom-client's standard nodejs_version_info", async () => {
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    const [major, minor, patch] = process.versions.node.split('.');
    expect(res.body).toContain(
      `nodejs_version_info{version="${process.version}",major="${major}",minor="${minor}",patch="${patch}"} 1`,
    );
  });
});

// A process test that does not depend on the database: once, on the SQLite run.
const older = testDialect === 'sqlite' ? olderNode() : undefined;
describe.skipIf(older === undefined)(`an older Node (${older})`, () => {
  let bundle: ServerBundle;
  let dataDir: string;
  beforeAll(async () => {
    bundle = await bundleServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'atlas-old-node-'));
  });
  afterAll(() => {
    bundle?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the start with one line saying what to run, before the SQLite driver can crash it', async () => {
    const child = spawn(older!, [bundle.main], {
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), DATA_DIR: dataDir, PORT: '0' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (c, s) => resolve([c, s])),
    );
    expect({ code, signal }).toEqual({ code: 1, signal: null });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Atlas Invest needs Node 22\.12\.0 or later; this is Node v2\d\.\d+\.\d+ \(.+\): /);
    expect(lines[0]).toMatch(/npm start|npm ci && npm start/);
    expect(existsSync(path.join(dataDir, 'atlas.db'))).toBe(false);
  });
});
