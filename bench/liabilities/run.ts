// Times a proof-of-liabilities round for 1,000,000 investors (snapshot, tree, signature, storage)
// and one investor's proof and verification, through the service, on one dialect per run:
//   npx tsx bench/liabilities/run.ts
//   TEST_DIALECT=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/liabilities/run.ts
// BENCH_INVESTORS changes the count. The ledger is written straight into a throwaway database
// (one balanced journal transaction per 1,000 investors), not through the money writer.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { AdjustableClock } from '../../src/core/clock';
import { nobleHashes } from '../../src/core/liabilities/noble';
import { verifyProof } from '../../src/core/liabilities/verify';
import { CLI_SOURCE } from '../../src/server/modules/audit/audit.service';
import { createLiabilitiesService } from '../../src/server/modules/liabilities/liabilities.service';
import { testConfig } from '../../tests/support/app';
import { createTestDb, testDialect } from '../../tests/support/db';
import { seedLedger } from './seed';

const INVESTORS = Number(process.env.BENCH_INVESTORS ?? 1_000_000);

const phases = (p: Record<string, number>) =>
  Object.entries(p)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');

const db = await createTestDb();
const clock = new AdjustableClock();
const started = performance.now();
const ids = await seedLedger(db, INVESTORS);
console.log(
  `${testDialect}: ${INVESTORS} investors written in ${((performance.now() - started) / 1000).toFixed(1)} s (set-up, not timed)`,
);

const ctx = { config: testConfig(db.dataDir), dbh: db, db: db.db, dialect: db.dialect, clock };
// The seeded ledger has no crypto investment: no price is needed.
const liabilities = createLiabilitiesService(ctx, { current: async () => null });
/** A round, timed: wall clock, and this process's CPU time (the machine is shared: less than the wall clock is waiting). */
async function timedRound(what: string) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const r = await liabilities.runRound({ actorId: 'bench', source: CLI_SOURCE });
  const used = process.cpuUsage(cpu);
  console.log(
    `round ${r.round} (${what}): ${r.investors} investors, height ${r.height}, ${((performance.now() - wall) / 1000).toFixed(1)} s ` +
      `(CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, load ${loadavg()[0]!.toFixed(2)}): ${phases(r.phases)}`,
  );
  return r;
}
await timedRound('nonces created in it');
const again = await timedRound('nonces already there');

const who = ids[Math.floor(ids.length / 2)]!;
const t2 = performance.now();
const answer = await liabilities.proofOf(who, again.round);
const proofMs = performance.now() - t2;
if (answer.kind !== 'proof') throw new Error('expected a proof');
const nonce = await liabilities.accountNonce(who);
const published = {
  round: again.round,
  asset: again.asset,
  height: again.height,
  root: again.root,
  total: again.total,
};
const t3 = performance.now();
const result = verifyProof(nobleHashes, { published, proof: answer.proof, accountNonce: nonce });
const verifyMs = performance.now() - t3;
if (!result.ok) throw new Error(`verification failed: ${result.failure}`);
console.log(
  `one proof read: ${proofMs.toFixed(1)} ms (${JSON.stringify(answer.proof).length} bytes); its verification with @noble/hashes: ${verifyMs.toFixed(1)} ms`,
);
await db.destroy();
