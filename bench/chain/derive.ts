// Derives the receive addresses of N investors from a BIP84 account key (the BIP84 test vector's
// zpub), with the code the server uses (parseAccountKey(...).receiveAddress(index), decision 044),
// and prints the CPU and wall time, per address, and the extrapolation to 1,000,000:
//   node --import tsx bench/chain/derive.ts [--count 1000000]
// The server derives lazily (an address when its investor first needs one), so it also prints the
// cost of the first address in a fresh process: parsing the key, then deriving index 0.
import { performance } from 'node:perf_hooks';
import { parseAccountKey } from '../../src/core/chain/account-key';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const arg = process.argv.indexOf('--count');
const COUNT = arg > 0 ? Number(process.argv[arg + 1]) : 1_000_000;
if (!Number.isSafeInteger(COUNT) || COUNT < 1) throw new Error('--count takes a positive integer');
const TARGET_S = 60;

const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

// The lazy path, cold: the first address the process gives (the key parsed, then index 0).
let wall = performance.now();
let cpu = process.cpuUsage();
const key = parseAccountKey('BTC', ZPUB);
const parsedMs = performance.now() - wall;
const first = key.receiveAddress(0);
const firstWall = performance.now() - wall;
const firstCpu = cpuMs(cpu);
// BIP84's test vector: m/84'/0'/0'/0/0.
if (first !== 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu') throw new Error(`unexpected first address ${first}`);
console.log(
  `first address in a fresh process (key parsed ${parsedMs.toFixed(1)} ms, then index 0): ${firstWall.toFixed(1)} ms wall, ${firstCpu.toFixed(1)} ms CPU`,
);
wall = performance.now();
key.receiveAddress(1);
console.log(`second address (warm): ${((performance.now() - wall) * 1000).toFixed(0)} µs`);

// The bulk: COUNT addresses, in order, as 1,000,000 investors' first visits would take them.
wall = performance.now();
cpu = process.cpuUsage();
let check = 0;
let lastReport = wall;
for (let i = 0; i < COUNT; i++) {
  check += key.receiveAddress(i).length;
  if (performance.now() - lastReport > 30_000) {
    lastReport = performance.now();
    console.log(`  … ${i + 1} addresses in ${((lastReport - wall) / 1000).toFixed(0)} s`);
  }
}
const totalS = (performance.now() - wall) / 1000;
const totalCpuS = cpuMs(cpu) / 1000;
if (check < COUNT * 42) throw new Error('an address was too short');
const perUs = (totalS / COUNT) * 1e6;
const perCpuUs = (totalCpuS / COUNT) * 1e6;
console.log(
  `${COUNT} addresses: ${totalS.toFixed(1)} s wall, ${totalCpuS.toFixed(1)} s CPU; ${perUs.toFixed(0)} µs wall, ${perCpuUs.toFixed(0)} µs CPU per address`,
);
const millionS = (perCpuUs * 1_000_000) / 1e6;
console.log(
  `1,000,000 addresses: ${COUNT === 1_000_000 ? 'measured' : 'extrapolated'} ${(COUNT === 1_000_000 ? totalCpuS : millionS).toFixed(0)} s CPU on one core (target under ${TARGET_S} s${
    (COUNT === 1_000_000 ? totalCpuS : millionS) < TARGET_S
      ? ': met'
      : ': not met in bulk; the server derives lazily, one address when its investor first needs it'
  })`,
);
