// Times the operators' queue (first page, a page deep in the list, and a status filter) with
// 100,000 deposit requests, on SQLite and PostgreSQL. Usage: npx tsx bench/admin-queue/run.ts
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { AdjustableClock } from '../../src/core/clock';
import { silentNotifier } from '../../src/server/modules/notifier';
import { createAdminService } from '../../src/server/modules/admin/admin.service';
import { createPayoutCheck } from '../../src/server/modules/chain/payout.service';
import { createLimitsService } from '../../src/server/modules/limits/limits.service';
import { createMovements } from '../../src/server/modules/ledger/movement';
import { createTestDb } from '../../tests/support/db';
import { testConfig } from '../../tests/support/app';

const REQUESTS = 100_000;
const USERS = 1_000;

async function bench(dialect: 'sqlite' | 'postgres') {
  process.env.TEST_DIALECT = dialect;
  const db = await createTestDb();
  const ctx = { config: testConfig(db.dataDir), dbh: db, db: db.db, dialect: db.dialect, clock: new AdjustableClock() };
  const now = new Date().toISOString();
  const users = Array.from({ length: USERS }, (_, i) => ({ id: randomUUID(), i }));
  const f = dialect === 'postgres' ? sql`false` : sql`0`;
  for (const u of users) {
    await sql`insert into "user" ("id","name","email","emailVerified","createdAt","updatedAt") values (${u.id}, ${'Bench ' + u.i}, ${u.id + '@b.test'}, ${f}, ${now}, ${now})`.execute(
      db.db,
    );
  }
  await db.db
    .insertInto('user_profile')
    .values(
      users.map((u) => ({
        user_id: u.id,
        uid: `ATU${100000 + u.i}`,
        username: `b${u.i}`,
        first_name: 'Bench',
        last_name: String(u.i),
        full_name: `Bench ${u.i}`,
        email: `${u.id}@b.test`,
        birth_date: '1990-01-01',
        country: 'FR',
        phone: '+33612345678',
        locale: 'fr',
        first_investment_date: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const base = Date.parse('2025-01-01T00:00:00Z');
  for (let start = 0; start < REQUESTS; start += 2_000) {
    const rows = Array.from({ length: 2_000 }, (_, k) => {
      const n = start + k;
      return {
        id: randomUUID(),
        user_id: users[n % USERS]!.id,
        amount_cents: 1_000 + n,
        status: (['pending', 'approved', 'rejected'] as const)[n % 3]!,
        proof_path: null,
        idempotency_key: null,
        created_at: new Date(base + n * 60_000).toISOString(),
        processed_at: null,
        processed_by: null,
        admin_notes: null,
        tx_id: null,
      };
    });
    await db.db.insertInto('deposit_request').values(rows).execute();
  }
  const admin = createAdminService(
    ctx as never,
    silentNotifier,
    createMovements(db),
    createLimitsService(ctx as never),
    createPayoutCheck(
      ctx as never,
      { forConversion: async (coin) => ({ ok: false, coin, reason: 'unavailable' }) },
      { warn: () => {} },
    ),
  );
  const time = async (label: string, fn: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      await fn();
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `${dialect.padEnd(8)} ${label.padEnd(34)} p50 ${samples[15]!.toFixed(2)} ms  p95 ${samples[28]!.toFixed(2)} ms`,
    );
  };
  await time('first page (20, all statuses)', () => admin.deposits(undefined, undefined, 20));
  await time('first page (20, pending)', () => admin.deposits('pending', undefined, 20));
  let cursor: string | null = null;
  for (let i = 0; i < 2_000 && (i === 0 || cursor); i++)
    cursor = (await admin.deposits(undefined, cursor ?? undefined, 20)).nextCursor;
  await time('page 2,000 via cursor', () => admin.deposits(undefined, cursor ?? undefined, 20));
  await db.destroy();
}

console.log(
  `bench/admin-queue — ${new Date().toISOString()} — ${REQUESTS.toLocaleString('en-US')} deposit requests, ${USERS} users`,
);
await bench('sqlite');
if (process.env.TEST_DATABASE_URL) await bench('postgres');
