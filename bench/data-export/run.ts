// Times a data export of an investor with 10,000 ledger lines, from the request to a ready ZIP
// (issue 28: within 60 s on both dialects), then its download, on one dialect per run:
//   npx tsx bench/data-export/run.ts
//   TEST_DIALECT=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/data-export/run.ts
// BENCH_LINES changes the count. The investor signs up and deposits (with a proof) through the real
// HTTP routes; the 10,000 lines are written straight into the journal as balanced deposit
// transactions (set-up, not timed). The export is asked for over HTTP and built by the service's
// job work, exactly what the leased job runs; the page's polling (GET /api/data-export) is imitated.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { strFromU8, unzipSync } from 'fflate';
import { dataExportV2 } from '../../src/contracts/data-export';
import { createTestApp } from '../../tests/support/app';
import { testDialect } from '../../tests/support/db';
import { fund } from '../../tests/support/money';
import { createUser } from '../../tests/support/users';

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const CHUNK = 500;

const t = await createTestApp();
const user = await createUser(t, { firstName: 'Bench', lastName: 'Export' });
await fund(t.ctx, user.id, 100);

const seedStart = performance.now();
const now = t.clock.now().toISOString();
const available = `u:${user.id}:available`;
const platform = 'platform:platform_deposits';
let total = 0;
await t.ctx.db.transaction().execute(async (trx) => {
  for (let first = 0; first < LINES; first += CHUNK) {
    const txs = Array.from({ length: Math.min(CHUNK, LINES - first) }, (_, i) => ({
      id: randomUUID(),
      cents: 1 + (((first + i) * 7919) % 100_000),
    }));
    await trx
      .insertInto('ledger_tx')
      .values(
        txs.map((x) => ({
          id: x.id,
          type: 'deposit',
          user_id: user.id,
          idempotency_key: null,
          request_hash: null,
          response: null,
          ref_type: 'bench',
          ref_id: x.id,
          created_by: 'bench',
          created_at: now,
        })),
      )
      .execute();
    await trx
      .insertInto('ledger_entry')
      .values(
        txs.flatMap((x) => [
          { tx_id: x.id, account_id: available, amount_cents: x.cents },
          { tx_id: x.id, account_id: platform, amount_cents: -x.cents },
        ]) as never,
      )
      .execute();
    total += txs.reduce((s, x) => s + x.cents, 0);
  }
  await trx
    .updateTable('ledger_account')
    .set((eb) => ({ balance_cents: eb('balance_cents', '+', total) }))
    .where('id', '=', available)
    .execute();
  await trx
    .updateTable('ledger_account')
    .set((eb) => ({ balance_cents: eb('balance_cents', '-', total) }))
    .where('id', '=', platform)
    .execute();
});
console.log(
  `${testDialect}: ${LINES} ledger lines written in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (set-up, not timed)`,
);

const headers = { cookie: user.cookie };
const started = performance.now();
const cpu = process.cpuUsage();
const asked = await t.app.inject({
  method: 'POST',
  url: '/api/data-export',
  headers,
  payload: { password: user.password },
});
if (asked.statusCode !== 202) throw new Error(`export refused: ${asked.body}`);
const building = t.app.services.dataExport.runPending();
let view: { status: string; downloadUrl: string | null; sizeBytes: number | null; progress: number };
const seen = new Set<number>();
for (;;) {
  view = (await t.app.inject({ method: 'GET', url: '/api/data-export', headers })).json().export;
  seen.add(view.progress);
  if (view.status !== 'queued' && view.status !== 'building') break;
  await new Promise((r) => setTimeout(r, 100));
}
await building;
const readyMs = performance.now() - started;
const used = process.cpuUsage(cpu);
if (view.status !== 'ready') throw new Error(`export ${view.status}`);
const d0 = performance.now();
const zip = await t.app.inject({ method: 'GET', url: view.downloadUrl!, headers });
const downloadMs = performance.now() - d0;
const files = unzipSync(new Uint8Array(zip.rawPayload));
const data = dataExportV2.parse(JSON.parse(strFromU8(files['data.json']!)));
console.log(
  `${testDialect}: export of ${data.ledger.length} ledger lines ready in ${(readyMs / 1000).toFixed(2)} s ` +
    `(CPU ${((used.user + used.system) / 1e6).toFixed(2)} s, load ${loadavg()[0]!.toFixed(2)}; progress seen ${[...seen].sort((a, b) => a - b).join('/')}), ` +
    `ZIP ${(view.sizeBytes! / 1_048_576).toFixed(2)} MB, PDF ${(files['statement.pdf']!.length / 1_048_576).toFixed(2)} MB, download ${downloadMs.toFixed(0)} ms ` +
    `[target: ready within 60 s] ${readyMs <= 60_000 ? 'MET' : 'MISSED'}`,
);
await t.close();
