// Matches one block of 4,000 signed transactions (about 10,000 outputs) against 1,000,000 watched
// addresses, as the chain watcher does (decision 055), and prints the CPU time and the memory of
// the watched set:
//   node --expose-gc --import tsx bench/chain/run.ts
// BENCH_WATCHED and BENCH_TXS change the sizes; BENCH_RUNS the number of timed runs.
import { bech32 } from '@scure/base';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { decodeBlock } from '../../src/core/chain/raw';
import { WatchedSet } from '../../src/core/chain/watched';
import { TestChain, type SignedTx } from '../../tests/support/chain';

const WATCHED = Number(process.env.BENCH_WATCHED ?? 1_000_000);
const TXS = Number(process.env.BENCH_TXS ?? 4000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
/** Outputs of the block paying a watched address (the rest pay strangers). */
const HITS = 100;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx bench/chain/run.ts');
const address = (hash: Uint8Array) => bech32.encode('bc', [0, ...bech32.toWords(hash)]);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

// The watched set, from address strings as the watcher loads them, in batches so that only the set stays.
gc();
const heapBefore = process.memoryUsage().heapUsed;
const rssBefore = process.memoryUsage().rss;
const watched = new WatchedSet('BTC');
const some: string[] = [];
let loadCpu = 0;
for (let start = 0; start < WATCHED; start += 50_000) {
  const batch: string[] = [];
  for (let i = start; i < Math.min(WATCHED, start + 50_000); i++) batch.push(address(randomBytes(20)));
  const cpu = process.cpuUsage();
  batch.forEach((a, i) => watched.add(a, start + i));
  loadCpu += cpuMs(cpu);
  if (some.length < HITS) some.push(...batch.slice(0, HITS - some.length));
}
gc();
const heapSet = process.memoryUsage().heapUsed - heapBefore;
const rssSet = process.memoryUsage().rss - rssBefore;
console.log(
  `watched set: ${watched.size} addresses, heap ${mb(heapSet)} (${(heapSet / watched.size).toFixed(0)} bytes each), rss +${mb(rssSet)}; loading them from address strings: ${(loadCpu / 1000).toFixed(2)} s CPU`,
);

// The block: TXS signed transactions, half with one payee and half with two, each with its change.
const setupStart = performance.now();
const chain = new TestChain('BTC');
const txs: SignedTx[] = [];
let outputs = 0;
let hit = 0;
for (let i = 0; i < TXS; i++) {
  const payees = 1 + (i % 2);
  const to: Array<[string, number]> = [];
  for (let p = 0; p < payees; p++) {
    const watchedOne = hit < HITS && (i * 2 + p) % Math.floor((TXS * 1.5) / HITS) === 0;
    to.push([watchedOne ? some[hit++]! : address(randomBytes(20)), 10_000 + i]);
  }
  txs.push(chain.pay(to));
  outputs += payees + 1;
}
const block = chain.mine(txs);
console.log(
  `block: ${TXS + 1} transactions, ${outputs + 1} outputs, ${mb(block.raw.length)} raw, ${hit} outputs to watched addresses (signed in ${((performance.now() - setupStart) / 1000).toFixed(1)} s, set-up, not timed)`,
);

const decode: number[] = [];
const match: number[] = [];
for (let run = 0; run < RUNS; run++) {
  let cpu = process.cpuUsage();
  const read = decodeBlock(block.raw, 'BTC', block.hash);
  decode.push(cpuMs(cpu));
  cpu = process.cpuUsage();
  const found = watched.match(read.bytes, read.transactions);
  match.push(cpuMs(cpu));
  if (found.length !== hit) throw new Error(`found ${found.length} payments, expected ${hit}`);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const total = decode.map((d, i) => d + match[i]!);
console.log(
  `per block, median of ${RUNS} runs (CPU): read and verified (ids, Merkle root, header) ${median(decode).toFixed(1)} ms; matched ${median(match).toFixed(1)} ms; both ${median(total).toFixed(1)} ms (first run ${total[0]!.toFixed(1)} ms, worst ${Math.max(...total).toFixed(1)} ms)`,
);
