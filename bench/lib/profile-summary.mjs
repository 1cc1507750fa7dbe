// Prints where a V8 CPU profile (node --cpu-prof) spent its samples: self time by function and by
// package, as shares of all samples and of the non-idle ones.
// Usage: node bench/lib/profile-summary.mjs file.cpuprofile [--top 25]
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const top = Number(process.argv[process.argv.indexOf('--top') + 1] || 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + 1);
const total = profile.samples.length;
const fn = new Map();
const pkg = new Map();
let idle = 0;
const where = (url) => {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/dist/server/')) return 'our server';
  return url.split('/').slice(-2).join('/');
};
for (const [id, count] of self) {
  const n = byId.get(id);
  const name = n.callFrame.functionName || '(anonymous)';
  if (name === '(idle)') idle += count;
  const key = `${name} ${where(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
  fn.set(key, (fn.get(key) ?? 0) + count);
  const p = name.startsWith('(') ? name : where(n.callFrame.url);
  pkg.set(p, (pkg.get(p) ?? 0) + count);
}
const busy = total - idle;
const pct = (c, of) => `${((100 * c) / of).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${total} samples, ${pct(idle, total)} idle`);
console.log('\nby package (share of busy samples):');
for (const [k, c] of [...pkg]
  .filter(([k]) => k !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, 15))
  console.log(`  ${pct(c, busy)}  ${k}`);
console.log('\nby function (self time, share of busy samples):');
for (const [k, c] of [...fn]
  .filter(([k]) => !k.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`  ${pct(c, busy)}  ${k}`);
