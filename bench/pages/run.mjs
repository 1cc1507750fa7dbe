// Lighthouse (mobile defaults: Moto G Power emulation, simulated slow 4G, 4× CPU slowdown) on
// `/`, `/invest` and `/portfolio` of a production build, the last two signed in as an investor
// with a funded balance and one investment per area. Prints each run and the median of the runs:
// scores, key metrics, and the JavaScript each page loads (on the wire, and gzip -9).
//
// Usage: CHROME_PATH=/usr/bin/chromium node bench/pages/run.mjs [--runs 3] [--warmup 1] [--port 4390] [baseUrl] [path ...]
//   --warmup: passes over every page that are not counted (the first load after a start pays
//   the server's and Chrome's cold caches).
//   Without baseUrl it starts the built server ($ATLAS_DIST or dist) on a fresh SQLite folder
//   and makes the investor itself. With baseUrl, LOGIN_EMAIL / LOGIN_PASSWORD sign in for the
//   protected pages (without them those pages show /login).
//   LH_SAVE=<folder> keeps every Lighthouse report (JSON).
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../lib/server.mjs';
import { login, makeUser } from '../lib/users.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv.splice(i, 2)[1] : fallback;
};
const runs = Number(option('runs', 3));
const port = Number(option('port', process.env.BENCH_PORT ?? 4390));
const warmups = Number(option('warmup', 1));
const baseArg = argv.find((a) => /^https?:/.test(a));
const pathArgs = argv.filter((a) => a.startsWith('/'));
const paths = pathArgs.length > 0 ? pathArgs : ['/', '/invest', '/portfolio'];
const isProtected = (path) =>
  ['/invest', '/portfolio', '/cashier', '/deposit', '/withdraw', '/internal-transfer', '/profile', '/admin'].includes(
    path,
  );
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let server;
let base = baseArg?.replace(/\/$/, '');
let cookie = '';
if (!base) {
  server = await startServer({ dialect: 'sqlite', port });
  base = server.base;
  const admin = await login(base, 'bench-admin@atlas.test', 'bench-admin-password');
  const investor = await makeUser(base, admin, 5000);
  for (const area of ['crypto', 'trading', 'stocks', 'real_estate']) {
    const res = await fetch(`${base}/api/investments`, {
      method: 'POST',
      headers: { cookie: investor.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ area, amount: '250' }),
    });
    if (!res.ok) throw new Error(`invest ${area}: ${res.status} ${await res.text()}`);
  }
  cookie = investor.cookie;
} else if (process.env.LOGIN_EMAIL) {
  cookie = await login(base, process.env.LOGIN_EMAIL, process.env.LOGIN_PASSWORD);
}

/** The gzip -9 size of a script, whatever encoding the server chose on the wire. */
const gzipSizes = new Map();
async function gzipSize(url) {
  if (!gzipSizes.has(url))
    gzipSizes.set(url, gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length);
  return gzipSizes.get(url);
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
// The session goes into Chrome's own cookie jar (Lighthouse keeps cookies between runs) for the
// protected pages only; public pages are measured as a visitor.
const jar = (await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)).contexts()[0];
const sessionCookies = cookie
  .split('; ')
  .filter(Boolean)
  .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: base }));
const results = new Map(paths.map((p) => [p, []]));
const failures = [];
try {
  for (let run = -warmups; run < runs; run++) {
    for (const path of paths) {
      await jar.clearCookies();
      if (isProtected(path)) await jar.addCookies(sessionCookies);
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const { lhr } = result;
      if (run < 0) continue;
      if (process.env.LH_SAVE) mkdirSync(process.env.LH_SAVE, { recursive: true });
      if (process.env.LH_SAVE)
        writeFileSync(
          `${process.env.LH_SAVE}/${path.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`,
          result.report,
        );
      if (lhr.runtimeError) {
        // Lighthouse itself failed (e.g. NO_FCP): say so, and keep the run out of the medians.
        console.log(`run ${run + 1} ${path}: Lighthouse error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        for (const w of lhr.runWarnings ?? []) console.log(`  warning: ${w}`);
        failures.push({ path, code: lhr.runtimeError.code });
        continue;
      }
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id) => lhr.audits[id];
      const scripts = (audit('network-requests')?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
      let gzip = 0;
      for (const s of scripts) gzip += await gzipSize(s.url);
      const row = {
        final: new URL(lhr.finalDisplayedUrl).pathname,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: audit('first-contentful-paint')?.numericValue ?? 0,
        lcp: audit('largest-contentful-paint')?.numericValue ?? 0,
        tbt: audit('total-blocking-time')?.numericValue ?? 0,
        cls: audit('cumulative-layout-shift')?.numericValue ?? 0,
        jsWire: scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0),
        jsGzip: gzip,
        jsFiles: scripts.length,
        // Lighthouse's CPU speed estimate for this machine at that moment: other work lowers it.
        benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
        failing: Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode),
          )
          .map((a) => a.id),
      };
      results.get(path).push(row);
      console.log(
        `run ${run + 1} ${path}${row.final !== path ? ` (→ ${row.final})` : ''}: performance ${row.performance}, accessibility ${row.accessibility}, best practices ${row.bestPractices}, SEO ${row.seo}; ` +
          `FCP ${(row.fcp / 1000).toFixed(1)} s, LCP ${(row.lcp / 1000).toFixed(1)} s, TBT ${Math.round(row.tbt)} ms, CLS ${row.cls.toFixed(3)}; JS ${row.jsFiles} files, ${kb(row.jsWire)} on the wire, ${kb(row.jsGzip)} gzip; benchmarkIndex ${row.benchmarkIndex}`,
      );
      if (row.failing.length) console.log(`  audits below 0.9: ${row.failing.join(', ')}`);
    }
  }
} finally {
  await chrome.kill();
  await server?.stop();
}

if (failures.length)
  console.log(
    `\n${failures.length} run(s) failed in Lighthouse: ${failures.map((f) => `${f.path} ${f.code}`).join(', ')}`,
  );
console.log(`\nMedian of ${runs} run(s), figure by figure:`);
console.log(
  '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JS files | JS on the wire | JS gzip |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [path, rows] of results) {
  const m = (key) => median(rows.map((r) => r[key]));
  console.log(
    `| \`${path}\` | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${m('jsFiles')} | ${kb(m('jsWire'))} | ${kb(m('jsGzip'))} |`,
  );
}
