// Times one investor's verification in the browser, as the investor runs it: the built app
// (`npm run build` first) on a fresh database, one funded investor, a round padded to height 21
// (LIABILITIES_MIN_HEIGHT=21: 2,097,152 leaves, the height of a round for 1,000,000 investors, so
// the proof has the same 2 × 21 siblings), then "Vérifier mon solde" on /portfolio in Debian's
// Chromium. Prints the verification itself (the page's `atlas:verify-proof` user-timing entry:
// verifyProof with @noble/hashes, nothing else) and the whole click-to-result time (round list,
// proof, nonce, the verifier's code, rendering), for each of RUNS clicks, each on a freshly loaded
// page (an investor checks once: nothing is warmed up by an earlier check).
//   node bench/liabilities/browser.mjs                      (SQLite)
//   TEST_DIALECT=postgres TEST_DATABASE_URL=postgres://… node bench/liabilities/browser.mjs
// E2E_PORT picks the port (4710 by default), CHROMIUM_PATH the browser, RUNS the clicks (5).
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { chromiumFlags } from '../../scripts/chromium.mjs';
import { startServer } from '../lib/server.mjs';
import { login, makeUser } from '../lib/users.mjs';

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const port = Number(process.env.E2E_PORT ?? 4710);
const runs = Number(process.env.RUNS ?? 5);
const HEIGHT = 21;

const server = await startServer({ dialect, port, env: { LIABILITIES_MIN_HEIGHT: String(HEIGHT) } });
let browser;
try {
  const admin = await login(server.base, 'bench-admin@atlas.test', 'bench-admin-password');
  const investor = await makeUser(server.base, admin, 321.45);
  const started = performance.now();
  const out = execFileSync(
    process.execPath,
    [`${process.env.ATLAS_DIST ?? 'dist'}/server/cli.js`, 'liabilities-round'],
    {
      env: server.env,
      encoding: 'utf8',
    },
  );
  const height = Number(/height (\d+)/.exec(out)?.[1]);
  if (height !== HEIGHT) throw new Error(`expected a round of height ${HEIGHT}:\n${out}`);
  console.log(
    `${dialect}: round of height ${height} published by the CLI in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', ...chromiumFlags],
  });
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
  await context.addCookies(
    investor.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.base };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${server.base}/portfolio`);
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Vérifier mon solde' }) });
  await card.getByRole('textbox').fill('321,45');
  const result = page.getByTestId('verify-balance-result');
  const verifications = [];
  for (let run = 1; run <= runs; run++) {
    await page.evaluate(() => performance.clearMeasures('atlas:verify-proof'));
    const clicked = performance.now();
    await card.getByRole('button', { name: 'Vérifier mon solde' }).click();
    await result.getByText(/^(Vérifié|Échec)/).waitFor();
    const total = performance.now() - clicked;
    const text = (await result.textContent()) ?? '';
    if (!text.startsWith('Vérifié : $321.45')) throw new Error(`not verified: ${text}`);
    const [ms] = await page.evaluate(() =>
      performance.getEntriesByName('atlas:verify-proof', 'measure').map((e) => e.duration),
    );
    if (ms === undefined) throw new Error('no atlas:verify-proof measure in the page');
    verifications.push(ms);
    console.log(
      `click ${run}: verification ${ms.toFixed(1)} ms; click to result ${total.toFixed(0)} ms (downloads, verifier code, rendering)`,
    );
    await page.reload();
    await card.getByRole('textbox').fill('321,45');
  }
  const sorted = [...verifications].sort((a, b) => a - b);
  console.log(
    `verification in Chromium at height ${HEIGHT}: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, worst ${sorted.at(-1).toFixed(1)} ms (target under 200 ms)`,
  );
} finally {
  await browser?.close();
  await server.stop();
}
