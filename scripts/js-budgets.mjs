// Per-route JavaScript budgets, checked on every build (`npm test` runs it after `vite build`).
// A route's JavaScript is what its page makes the browser fetch before any interaction: the entry
// script of index.html, the screen's chunk with the chunks it imports, and the screen's texts
// (route-preloads.json, written by the build), in the language whose texts weigh most. The unit is
// gzip -9 bytes (what a server sends at least; brotli is smaller). Budgets: bench/pages/budgets.json
// (a route without its own gets "*"); their history: bench/README.md. Exit code 1 when a route is
// over, naming the route and the overshoot.
// Usage: node scripts/js-budgets.mjs [dist folder, default dist or $ATLAS_DIST] [--budgets=file]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? process.env.ATLAS_DIST ?? 'dist', 'web');
const budgetsFile = args.find((a) => a.startsWith('--budgets='))?.slice(10) ?? 'bench/pages/budgets.json';
const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8')).routes;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const preloads = JSON.parse(readFileSync(path.join(dist, 'route-preloads.json'), 'utf8'));
// The entry and what every page preloads (the home page's own preloads, data-home, are left out
// of other routes' pages by the server).
const entry = [
  ...html.matchAll(/<(?:script[^>]+src|link(?![^>]*data-home)[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
].map((m) => m[1]);
const home = [
  ...html.matchAll(/<link[^>]+data-home[^>]+href="([^"]+\.js)"|<link[^>]+href="([^"]+\.js)"[^>]+data-home/g),
].map((m) => m[1] ?? m[2]);
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const sizes = new Map();
const gzip = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
};
const total = (files) => [...new Set(files)].reduce((sum, f) => sum + gzip(f), 0);

const over = [];
console.log('JavaScript per route before interaction (gzip -9), against its budget (bench/pages/budgets.json):');
console.log(
  `  ${'route'.padEnd(20)} ${'files'.padStart(5)} ${'size'.padStart(10)} ${'budget'.padStart(10)} ${'headroom'.padStart(10)}`,
);
for (const [route, preload] of Object.entries(preloads)) {
  if (route === '*') continue;
  const own = [...entry, ...(route === '/' ? home : []), ...preload.files];
  // The heaviest language's texts (French is in the entry for the home page; others are chunks).
  const strings = Object.values(preload.strings).reduce((a, b) => (total(b) > total(a) ? b : a), []);
  const files = [...new Set([...own, ...strings])];
  const bytes = total(files);
  const budget = budgets[route] ?? budgets['*'];
  if (budget === undefined) throw new Error(`no budget for ${route} and no "*" in ${budgetsFile}`);
  const headroom = budget - bytes;
  console.log(
    `  ${route.padEnd(20)} ${String(files.length).padStart(5)} ${kb(bytes).padStart(10)} ${kb(budget).padStart(10)} ${kb(headroom).padStart(10)}${budgets[route] === undefined ? '  (budget "*")' : ''}`,
  );
  if (bytes > budget)
    over.push(
      `${route}: ${kb(bytes)} against a budget of ${kb(budget)}, over by ${kb(-headroom)} (${-headroom} bytes)`,
    );
}
if (over.length > 0) {
  console.log(`\nOVER BUDGET (${over.length} route${over.length > 1 ? 's' : ''}):`);
  for (const line of over) console.log(`  ${line}`);
  process.exitCode = 1;
} else {
  console.log('Every route is within its budget.');
}
