// Times a proof-of-liabilities round for 1,000,000 investors (snapshot, tree, signature, storage)
// and one investor's proof and verification, through the service, on one dialect per run:
//   npx tsx bench/liabilities/run.ts
//   TEST_DIALECT=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/liabilities/run.ts
// BENCH_INVESTORS changes the count. The ledger is written straight into a throwaway database
// (one balanced journal transaction per 1,000 investors), not through the money writer.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AdjustableClock } from '../../src/core/clock';
import { nobleHashes } from '../../src/core/liabilities/noble';
import { verifyProof } from '../../src/core/liabilities/verify';
import type { Database } from '../../src/server/db/schema';
import { CLI_SOURCE } from '../../src/server/modules/audit/audit.service';
import { createLiabilitiesService } from '../../src/server/modules/liabilities/liabilities.service';
import { testConfig } from '../../tests/support/app';
import { createTestDb, testDialect } from '../../tests/support/db';

const INVESTORS = Number(process.env.BENCH_INVESTORS ?? 1_000_000);
const PER_TX = 1000;

const db = await createTestDb();
const clock = new AdjustableClock();
const now = new Date().toISOString();
const started = performance.now();
const ids: string[] = [];
for (let first = 0; first < INVESTORS; first += PER_TX) {
  const count = Math.min(PER_TX, INVESTORS - first);
  const txId = randomUUID();
  const accounts: Database['ledger_account'][] = [];
  const entries: Database['ledger_entry'][] = [];
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const owner = randomUUID();
    ids.push(owner);
    const cents = 100 + (((first + i) * 7919) % 5_000_000);
    sum += cents;
    accounts.push({
      id: `u:${owner}:available`,
      owner_id: owner,
      kind: 'available',
      balance_cents: cents,
      created_at: now,
    });
    entries.push({ id: undefined, tx_id: txId, account_id: `u:${owner}:available`, amount_cents: cents });
  }
  await db.db.transaction().execute(async (trx) => {
    if (first === 0)
      await trx
        .insertInto('ledger_account')
        .values({
          id: 'platform:platform_deposits',
          owner_id: 'platform',
          kind: 'platform_deposits',
          balance_cents: 0,
          created_at: now,
        })
        .execute();
    for (let i = 0; i < accounts.length; i += 500)
      await trx
        .insertInto('ledger_account')
        .values(accounts.slice(i, i + 500))
        .execute();
    await trx
      .insertInto('ledger_tx')
      .values({ id: txId, type: 'deposit', user_id: 'platform', created_by: 'bench', created_at: now })
      .execute();
    for (let i = 0; i < entries.length; i += 500)
      await trx
        .insertInto('ledger_entry')
        .values(entries.slice(i, i + 500))
        .execute();
    await trx
      .insertInto('ledger_entry')
      .values({ tx_id: txId, account_id: 'platform:platform_deposits', amount_cents: -sum })
      .execute();
    await trx
      .updateTable('ledger_account')
      .set((eb) => ({ balance_cents: eb('balance_cents', '-', sum) }))
      .where('id', '=', 'platform:platform_deposits')
      .execute();
  });
}
console.log(`${testDialect}: ${INVESTORS} investors written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const ctx = { config: testConfig(db.dataDir), dbh: db, db: db.db, dialect: db.dialect, clock };
const liabilities = createLiabilitiesService(ctx);
const t0 = performance.now();
const round = await liabilities.runRound({ actorId: 'bench', source: CLI_SOURCE });
const roundS = (performance.now() - t0) / 1000;
console.log(
  `round ${round.round}: ${round.investors} investors, height ${round.height}, ${roundS.toFixed(1)} s (nonces created in it)`,
);
const t1 = performance.now();
const again = await liabilities.runRound({ actorId: 'bench', source: CLI_SOURCE });
console.log(`round ${again.round} (nonces already there): ${((performance.now() - t1) / 1000).toFixed(1)} s`);

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
