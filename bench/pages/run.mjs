// Lighthouse (mobile: Moto G Power screen, simulated slow 4G) on every route of a production build
// (route-preloads.json lists them), at a calibrated CPU speed: before each run the machine's
// benchmarkIndex is measured in the same Chrome (Lighthouse's own benchmark), and the CPU slowdown
// is that index divided by the reference device's (decision 029), so that every run emulates the
// same device whatever the machine's moment. Lighthouse measures the index again inside the run:
// a run whose emulated index (its index / the slowdown) strays more than --tolerance from the
// reference met a machine that changed speed during it, and is measured again (--retries), as is a
// run that Lighthouse itself failed.
// Each run also prints what fresh memory costs the machine at that moment (calibration.mjs): the
// index does not see it, and a virtual machine that hands freed memory back to its host makes it
// many times what a device pays.
// Investor screens are opened signed in as an investor with a funded balance and one investment
// per area; back-office screens (/admin…) as the operator; the others as a visitor. Prints each run
// and the median of the runs: scores, key metrics, and the JavaScript each page loads (on the
// wire, and gzip -9).
//
// Usage: CHROME_PATH=/usr/bin/chromium node bench/pages/run.mjs [--runs 3] [--warmup 1] [--reference 400]
//          [--tolerance 0.2] [--retries 2] [--port 4390] [baseUrl] [path ...]
//   --reference: the benchmarkIndex of the emulated device (decision 029); 0 = Lighthouse's fixed 4×.
//   --warmup: passes over every page that are not counted (the first load after a start pays
//   the server's and Chrome's cold caches).
//   Without paths, every route of the build ($ATLAS_DIST or dist). Without baseUrl it starts the
//   built server on a fresh SQLite folder and makes the investor itself. With baseUrl,
//   LOGIN_EMAIL / LOGIN_PASSWORD sign in for the investor's pages and ADMIN_EMAIL / ADMIN_PASSWORD
//   for the back office's (without them those pages show a sign-in page).
//   LH_SAVE=<folder> keeps every Lighthouse report (JSON); with LH_TRACE=1 also the page's trace (.trace).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumFlags } from '../../scripts/chromium.mjs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { startServer } from '../lib/server.mjs';
import { login, makeUser } from '../lib/users.mjs';
import { measureMachine, slowdownFor } from './calibration.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv.splice(i, 2)[1] : fallback;
};
const runs = Number(option('runs', 3));
const port = Number(option('port', process.env.BENCH_PORT ?? 4390));
const warmups = Number(option('warmup', 1));
const reference = Number(option('reference', 400));
const tolerance = Number(option('tolerance', 0.2));
const retries = Number(option('retries', 2));
const baseArg = argv.find((a) => /^https?:/.test(a));
const pathArgs = argv.filter((a) => a.startsWith('/'));
const builtRoutes = Object.keys(
  JSON.parse(readFileSync(path.join(process.env.ATLAS_DIST ?? 'dist', 'web', 'route-preloads.json'), 'utf8')),
).filter((r) => r !== '*');
const paths = pathArgs.length > 0 ? pathArgs : builtRoutes;
const investorScreens = [
  '/invest',
  '/portfolio',
  '/cashier',
  '/deposit',
  '/withdraw',
  '/internal-transfer',
  '/profile',
];
/** Who opens a page: the operator for the back office, the investor for their screens, else a visitor. */
const personaOf = (p) =>
  p === '/admin' || p.startsWith('/admin/') ? 'admin' : investorScreens.includes(p) ? 'investor' : 'visitor';
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let server;
let base = baseArg?.replace(/\/$/, '');
const cookies = { visitor: '', investor: '', admin: '' };
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
  cookies.investor = investor.cookie;
  cookies.admin = admin;
} else {
  if (process.env.LOGIN_EMAIL)
    cookies.investor = await login(base, process.env.LOGIN_EMAIL, process.env.LOGIN_PASSWORD);
  if (process.env.ADMIN_EMAIL) cookies.admin = await login(base, process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD);
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
  chromeFlags: ['--headless=new', ...chromiumFlags],
});
// The session goes into Chrome's own cookie jar (Lighthouse keeps cookies between runs): the
// investor's for their screens, the operator's for the back office, none for the public pages.
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const jar = browser.contexts()[0];
const jarCookies = (cookie) =>
  cookie
    .split('; ')
    .filter(Boolean)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: base }));

const results = new Map(paths.map((p) => [p, []]));
const failures = [];
const repeated = [];
try {
  for (let run = -warmups; run < runs; run++) {
    for (const route of paths) {
      await jar.clearCookies();
      const persona = personaOf(route);
      if (cookies[persona]) await jar.addCookies(jarCookies(cookies[persona]));
      let result;
      let measured;
      let slowdown;
      let memory;
      for (let attempt = 0; ; attempt++) {
        ({ memory, index: measured } = await measureMachine(jar));
        slowdown = slowdownFor(measured, reference);
        result = await lighthouse(`${base}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown },
        });
        const inRun = result.lhr.environment?.benchmarkIndex ?? 0;
        const drift = reference > 0 ? Math.abs(inRun / slowdown - reference) / reference : 0;
        const failed = result.lhr.runtimeError;
        if (run < 0 || attempt >= retries || (!failed && drift <= tolerance)) {
          if (!failed && drift > tolerance && run >= 0)
            console.log(`  (${route}: the machine's speed still changed during the run after ${attempt + 1} tries)`);
          break;
        }
        repeated.push(route);
        // Lighthouse's own failure (a trace without its navigation start, NO_NAVSTART, seen once
        // in a full pass) costs the route one of its runs: measured again like a drifted run.
        if (failed) {
          console.log(`  (${route}: Lighthouse error ${failed.code}; measuring again)`);
          continue;
        }
        console.log(
          `  (${route}: benchmarkIndex ${Math.round(measured)} before the run, ${Math.round(inRun)} in it: emulated ${Math.round(inRun / slowdown)} against ${reference}; measuring again)`,
        );
      }
      const { lhr } = result;
      if (run < 0) continue;
      if (process.env.LH_SAVE) mkdirSync(process.env.LH_SAVE, { recursive: true });
      if (process.env.LH_SAVE) {
        const file = `${process.env.LH_SAVE}/${route.replace(/\W+/g, '_') || 'root'}-${Date.now()}`;
        writeFileSync(`${file}.json`, result.report);
        // The page's own trace (unthrottled: simulated throttling scales it afterwards), to see what a long task was.
        if (process.env.LH_TRACE) writeFileSync(`${file}.trace`, JSON.stringify(result.artifacts.Trace));
      }
      if (lhr.runtimeError) {
        // Lighthouse itself failed (e.g. NO_FCP): say so, and keep the run out of the medians.
        console.log(`run ${run + 1} ${route}: Lighthouse error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        for (const w of lhr.runWarnings ?? []) console.log(`  warning: ${w}`);
        failures.push({ path: route, code: lhr.runtimeError.code });
        continue;
      }
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id) => lhr.audits[id];
      // Our own scripts: a third party's (TradingView on /charts, unreachable here) is not ours to weigh.
      const scripts = (audit('network-requests')?.details?.items ?? []).filter(
        (r) => r.resourceType === 'Script' && new URL(r.url).origin === new URL(lhr.finalDisplayedUrl).origin,
      );
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
        // Lighthouse's CPU speed estimate for this machine at that moment (other work lowers it),
        // the slowdown the run used, and the device that emulates (the index / the slowdown).
        benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
        before: Math.round(measured),
        slowdown,
        emulated: Math.round((lhr.environment?.benchmarkIndex ?? 0) / slowdown),
        memory,
        failing: Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode),
          )
          .map((a) => a.id),
      };
      results.get(route).push(row);
      console.log(
        `run ${run + 1} ${route} (${persona})${row.final !== route ? ` (→ ${row.final})` : ''}: performance ${row.performance}, accessibility ${row.accessibility}, best practices ${row.bestPractices}, SEO ${row.seo}; ` +
          `FCP ${(row.fcp / 1000).toFixed(1)} s, LCP ${(row.lcp / 1000).toFixed(1)} s, TBT ${Math.round(row.tbt)} ms, CLS ${row.cls.toFixed(3)}; JS ${row.jsFiles} files, ${kb(row.jsWire)} on the wire, ${kb(row.jsGzip)} gzip; benchmarkIndex ${row.before} → ${row.benchmarkIndex}, slowdown ${row.slowdown}×, emulated ${row.emulated}; fresh memory ${row.memory.toFixed(1)} µs/page`,
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
if (repeated.length)
  console.log(
    `\n${repeated.length} run(s) measured again (the machine changed speed, or Lighthouse failed): ${repeated.join(', ')}`,
  );
console.log(
  `\nMedian of ${runs} run(s), figure by figure, ${reference > 0 ? `emulating a device of benchmarkIndex ${reference} (slowdown = the machine's index / ${reference})` : "at Lighthouse's fixed 4× slowdown"}:`,
);
console.log(
  '| page | as | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JS files | JS gzip | slowdown | emulated index | fresh memory |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const verdicts = [];
for (const [route, rows] of results) {
  if (rows.length === 0) continue;
  const m = (key) => median(rows.map((r) => r[key]));
  console.log(
    `| \`${route}\` | ${personaOf(route)} | ${m('performance')} (${rows.map((r) => r.performance).join(' · ')}) | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${m('jsFiles')} | ${kb(m('jsGzip'))} | ${m('slowdown')}× | ${m('emulated')} | ${m('memory').toFixed(1)} µs/page |`,
  );
  if (m('performance') < 95 || m('tbt') > 150)
    verdicts.push(`${route} (performance ${m('performance')}, TBT ${Math.round(m('tbt'))} ms)`);
}
console.log(
  verdicts.length
    ? `\nBelow the target (performance ≥ 95 and TBT ≤ 150 ms, medians): ${verdicts.join(', ')}`
    : '\nEvery page meets the target (performance ≥ 95 and TBT ≤ 150 ms, medians).',
);
const memories = [...results.values()].flat().map((r) => r.memory);
if (memories.length)
  console.log(
    `Fresh memory in these runs: ${Math.min(...memories).toFixed(1)}–${Math.max(...memories).toFixed(1)} µs per 4 KiB page first written (bench/README.md, Pages, "a machine whose fresh memory is slow": where it is high, the figures above overstate the device's blocking time).`,
  );
