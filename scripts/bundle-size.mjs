// Prints the gzip size of the JavaScript a browser loads before `/` can render: the entry
// script and every chunk index.html preloads (the home page and its French texts are part of
// the entry, so nothing else is fetched for `/` before interaction; bench/pages/initial-js.mjs
// checks that in a browser). Budget (issue 7): 130 kB, in decimal kilobytes.
// Usage: node scripts/bundle-size.mjs [dist folder, default dist or $ATLAS_DIST] [--budget=130]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? process.env.ATLAS_DIST ?? 'dist', 'web');
const budgetKb = Number(args.find((a) => a.startsWith('--budget='))?.slice(9) ?? 130);
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const sizeOf = (file) => {
  const code = readFileSync(path.join(dist, file));
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
};

let total = 0;
console.log('Initial JavaScript for / (gzip -9):');
for (const file of initial) {
  const { raw, gzip } = sizeOf(file);
  total += gzip;
  console.log(`  ${file.padEnd(44)} ${kb(raw).padStart(10)} raw  ${kb(gzip).padStart(9)} gzip`);
}
console.log(`  total ${kb(total)} (${kib(total)}) gzip (budget ${budgetKb} kB)`);
const lazy = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.some((i) => i.endsWith(f)))
  .map((f) => ({ f, ...sizeOf(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 8);
console.log('Largest on-demand chunks:');
for (const c of lazy) console.log(`  ${c.f.padEnd(44)} ${kb(c.gzip).padStart(9)} gzip`);
if (total > budgetKb * 1000) {
  console.log(`OVER BUDGET by ${kb(total - budgetKb * 1000)}`);
  process.exitCode = 1;
}
