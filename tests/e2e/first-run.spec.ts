import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fillValidSignup } from './support/signup';
import { expect, test } from '@playwright/test';

/**
 * A newcomer's first run (decision 027): the server started with no configuration at all (no
 * NODE_ENV, no PUBLIC_URL), opened at http://127.0.0.1:<port> as its start block says, and signed up
 * in. By default it runs this checkout's build; `.ci/run` points FIRST_RUN_DIR at a clean clone, where
 * the README's `npm start` (which builds) is run as is, with the machine's own PATH (FIRST_RUN_PATH)
 * and the Node its npm scripts run on (FIRST_RUN_NODE, decision 043).
 */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

test.describe('first run', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  test.afterEach(async () => {
    if (child?.pid !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('a default local run prints one block to follow, and signing up at 127.0.0.1 works', async ({ page }) => {
    // `npm start` in a clean clone builds first; CI runs this beside the other suites, on two cores.
    test.setTimeout(480_000);
    const port = await freePort();
    const cleanClone = process.env.FIRST_RUN_DIR;
    // A first run has no data yet: a retry must not find the operator the attempt before created.
    if (cleanClone) rmSync(path.join(cleanClone, 'data'), { recursive: true, force: true });
    dataDir = cleanClone ? undefined : mkdtempSync(path.join(tmpdir(), 'atlas-first-run-'));
    // Only what any shell has: none of the server's variables leak in from the test run.
    const env = {
      PATH: process.env.FIRST_RUN_PATH ?? process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      PORT: String(port),
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
    };
    child = cleanClone
      ? spawn('npm', ['start'], { cwd: cleanClone, env, detached: true })
      : spawn(process.execPath, [`${process.env.ATLAS_DIST ?? 'dist'}/server/main.js`], { env, detached: true });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await expect
      .poll(() => (child!.exitCode !== null ? `exited ${child!.exitCode}: ${out}` : out), { timeout: 400_000 })
      .toMatch(/Stop: {5}Ctrl\+C/);

    const block = out.slice(out.indexOf('Atlas Invest is ready.'));
    expect(block).toContain(`Open:     http://localhost:${port}`);
    expect(block).toContain(`http://127.0.0.1:${port}`);
    expect(block).toMatch(/Operator: admin@atlas-invest\.local\n +one-time password: \S{16,}/);
    expect(block).toMatch(/Data: {5}\S+ \(SQLite database atlas\.db/);
    // The block comes after every start line (later lines are background jobs at work).
    expect(out.indexOf('Atlas Invest is ready.')).toBeGreaterThan(out.indexOf('Atlas Invest ready on'));
    // The Node it runs on, in the block and as prom-client's standard metric.
    const node = cleanClone ? process.env.FIRST_RUN_NODE : process.version;
    const [, version] = /\n +Node: {5}(v\d+\.\d+\.\d+) \(/.exec(block) ?? [];
    if (node) expect(version).toBe(node);
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toContain(`nodejs_version_info{version="${version}",`);

    const tag = Math.random().toString(36).slice(2, 8);
    const who = { username: `first_${tag}`, email: `first.${tag}@example.test`, password: 'secret-123' };
    await page.goto(`http://127.0.0.1:${port}/signup`);
    await fillValidSignup(page, who);
    await page.getByRole('button', { name: "S'inscrire" }).last().click();
    await expect(page.getByText('Inscription réussie ! Vous pouvez maintenant vous connecter.')).toBeVisible();
    await expect(page.getByText('elle ne vient pas de ce site')).toHaveCount(0);

    await page.getByRole('link', { name: 'Se connecter' }).first().click();
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${port}/login$`));
    // The address changes before the sign-in screen's code arrives: until then the sign-up screen,
    // with its own Email field, is still the one shown (a slow first load filled that one).
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(who.password);
    await page.locator('main form').getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(`http://127.0.0.1:${port}/`);
    await expect(page.getByTestId('nav-username').first()).toHaveText(`@${who.username}`);
  });
});
