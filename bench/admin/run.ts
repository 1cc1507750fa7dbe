// Times the operators' user search with 1,000,000 users and the overview with 1,000,000
// investments (100,000 funded users, 100,000 deposit and 50,000 withdrawal requests), on SQLite
// and PostgreSQL, through the services. One dialect per run (tests/support/db reads it at start):
//   npx tsx bench/admin/run.ts
//   TEST_DIALECT=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/admin/run.ts
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { AdjustableClock } from '../../src/core/clock';
import type { Database } from '../../src/server/db/schema';
import { createOverviewService } from '../../src/server/modules/backoffice/overview.service';
import { createUsersService } from '../../src/server/modules/backoffice/users.service';
import { createHistoryService } from '../../src/server/modules/cashier/history.service';
import { createTestDb, testDialect } from '../../tests/support/db';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const FUNDED = Number(process.env.BENCH_FUNDED ?? 100_000);
const INVESTMENTS = Number(process.env.BENCH_INVESTMENTS ?? 1_000_000);
const DEPOSITS = 100_000;
const WITHDRAWALS = 50_000;
const SAMPLES = 200;

const firstNames = [
  'jean',
  'marie',
  'pierre',
  'sophie',
  'luc',
  'helene',
  'eloise',
  'francois',
  'ana',
  'jose',
  'maria',
  'carlos',
  'lucia',
  'john',
  'emma',
  'oliver',
  'mia',
  'noah',
  'lea',
  'hugo',
];
const lastNames = [
  'dupont',
  'durand',
  'martin',
  'bernard',
  'thomas',
  'petit',
  'robert',
  'richard',
  'garcia',
  'lopez',
  'gonzalez',
  'rodriguez',
  'smith',
  'johnson',
  'brown',
  'muller',
  'rossi',
  'dubois',
  'lefebvre',
  'moreau',
];

/** A SQL list of the names, picked by `i` (so that every dialect generates the same people). */
const pick = (names: string[], expr: string) =>
  `(case (${expr}) ${names.map((n, k) => `when ${k} then '${n}'`).join(' ')} end)`;

async function seed(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  const series = (n: number) =>
    dialect === 'postgres'
      ? `(select generate_series(0, ${n - 1}) as i) n`
      : `(with recursive s(i) as (select 0 union all select i + 1 from s where i < ${n - 1}) select i from s) n`;
  const cat = (...parts: string[]) => parts.join(' || ');
  const first = pick(firstNames, 'n.i % 20');
  const last = pick(lastNames, '(n.i / 20) % 20');
  const f = dialect === 'postgres' ? 'false' : '0';
  const run = (q: string) => sql.raw(q).execute(db);
  const t0 = performance.now();
  await run(
    `insert into "user" ("id","name","email","emailVerified","createdAt","updatedAt") select 'u' || n.i, 'x', 'u' || n.i || '@b.test', ${f}, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' from ${series(USERS)}`,
  );
  await run(`insert into user_profile (user_id, uid, username, first_name, last_name, full_name, email, birth_date, country, phone, locale, first_investment_date, created_at, updated_at)
    select 'u' || n.i, 'ATU' || (1000000 + n.i), ${cat(first, "'_'", last, 'n.i')}, ${first}, ${last}, ${cat(first, "' '", last, "' '", 'n.i')}, ${cat(first, "'.'", last, 'n.i', "'@example.test'")}, '1990-01-01', 'FR', '+33612345678', 'fr', null, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' from ${series(USERS)}`);
  // The search terms as signup writes them (core/search-key): UID, e-mail, username, full name, last name.
  await run(`insert into user_search_term (term, user_id)
    select lower(p.uid), p.user_id from user_profile p
    union all select p.email, p.user_id from user_profile p
    union all select p.username, p.user_id from user_profile p
    union all select p.full_name, p.user_id from user_profile p
    union all select p.last_name || ' ' || substr(p.user_id, 2), p.user_id from user_profile p`);
  console.log(
    `  ${dialect}: ${USERS.toLocaleString('en-US')} users and their search terms in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );

  const t1 = performance.now();
  for (const kind of ['available', 'invested', 'withdrawal_hold']) {
    await run(
      `insert into ledger_account (id, owner_id, kind, balance_cents, created_at) select 'u:u' || n.i || ':${kind}', 'u' || n.i, '${kind}', (n.i % 1000) * 100, '2026-01-01T00:00:00.000Z' from ${series(FUNDED)}`,
    );
  }
  await run(
    `insert into ledger_account (id, owner_id, kind, balance_cents, created_at) values ('platform:platform_deposits', 'platform', 'platform_deposits', -1, '2026-01-01T00:00:00.000Z'), ('platform:platform_withdrawals', 'platform', 'platform_withdrawals', 0, '2026-01-01T00:00:00.000Z'), ('platform:platform_pnl', 'platform', 'platform_pnl', 0, '2026-01-01T00:00:00.000Z')`,
  );
  await run(
    `insert into ledger_tx (id, type, user_id, created_by, created_at) values ('bench-tx', 'invest', 'u0', 'bench', '2026-01-01T00:00:00.000Z')`,
  );
  await run(`insert into investment (id, user_id, area, amount_cents, current_value_cents, btc_price_at_investment_cents, is_active, created_at, stopped_at, invest_tx_id, stop_tx_id)
    select 'i' || n.i, 'u' || (n.i % ${FUNDED}), 'stocks', 10000, 10000, null, 1, '2026-01-01T00:00:00.000Z', null, 'bench-tx', null from ${series(INVESTMENTS)}`);
  // As a live queue is: a few hundred waiting, the rest decided over the past days.
  const statuses = `(case when n.i % 100 = 0 then 'pending' when n.i % 3 = 1 then 'rejected' else 'approved' end)`;
  await run(`insert into deposit_request (id, user_id, amount_cents, status, proof_path, idempotency_key, created_at, processed_at, processed_by, admin_notes, tx_id)
    select 'd' || n.i, 'u' || (n.i % ${FUNDED}), 1000 + n.i, ${statuses}, null, null, '2026-01-01T00:00:00.000Z', case when n.i % 100 = 0 then null else '2026-11-2' || (n.i % 5) || 'T10:00:00.000Z' end, null, null, null from ${series(DEPOSITS)}`);
  await run(`insert into withdrawal_request (id, user_id, amount_cents, status, crypto_type, wallet_address, created_at, processed_at, processed_by, admin_notes, hold_tx_id, settle_tx_id)
    select 'w' || n.i, 'u' || (n.i % ${FUNDED}), 1000 + n.i, ${statuses}, 'BTC', 'bc1q', '2026-01-01T00:00:00.000Z', case when n.i % 100 = 0 then null else '2026-11-2' || (n.i % 5) || 'T10:00:00.000Z' end, null, null, 'bench-tx', null from ${series(WITHDRAWALS)}`);
  if (dialect === 'postgres') await run('analyze');
  else await run('analyze');
  console.log(
    `  ${dialect}: ${INVESTMENTS.toLocaleString('en-US')} investments, ${(FUNDED * 3).toLocaleString('en-US')} accounts, requests in ${((performance.now() - t1) / 1000).toFixed(0)} s`,
  );
}

async function bench(dialect: 'sqlite' | 'postgres') {
  const db = await createTestDb();
  await seed(db.db, dialect);
  const clock = new AdjustableClock(() => Date.parse('2026-11-24T12:00:00.000Z'));
  const ctx = { db: db.db, clock };
  const users = createUsersService(
    ctx,
    createHistoryService(
      {
        ...ctx,
        config: {
          limits: { correctionMaxVersions: 3 },
          payouts: { toleranceBps: 200, explorers: {}, check: 'chain' },
          chain: {
            intervalS: 0,
            timeoutMs: 1000,
            mempoolMaxTxs: 0,
            minDepositCents: 1000,
            autoCreditBelowCents: 0,
            coins: {},
          },
        },
      },
      { depositHolds: async () => () => null },
    ),
    { view: async () => ({ enabled: false, tier: 'email' as const, next: 'identity' as const, limits: [] }) },
  );
  const overview = createOverviewService(ctx);
  const time = async (label: string, fn: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 10; i++) await fn(i);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      await fn(i);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2);
    console.log(`${dialect.padEnd(8)} ${label.padEnd(46)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms`);
  };
  await time('search: a UID', (i) => users.search(`ATU${1000000 + ((i * 7919) % USERS)}`, undefined, 20));
  await time('search: a common name ("Dupont", ~50,000)', () => users.search('Dupont', undefined, 20));
  await time('search: first name and start of last ("Hélène Du")', () => users.search('Hélène Du', undefined, 20));
  await time('search: one letter ("m", ~300,000 users)', () => users.search('m', undefined, 20));
  await time('search: start of an e-mail ("marie.mar")', () => users.search('marie.mar', undefined, 20));
  const page1 = await users.search('Dupont', undefined, 20);
  // Every timed query finds a full page (a search that finds nothing would time nothing).
  for (const q of ['Dupont', 'Hélène Du', 'm', 'marie.mar'])
    if ((await users.search(q, undefined, 20)).items.length !== 20) throw new Error(`no full page for ${q}`);
  await time('search: second page of "Dupont"', () => users.search('Dupont', page1.nextCursor ?? undefined, 20));
  const o = await overview.overview();
  if (o.pending.deposits.count === 0 || o.today.deposits.count === 0)
    throw new Error('the overview found nothing to count');
  await time('overview (liabilities kept 5 s)', () => overview.overview());
  await time('overview, liabilities re-read every call', () => {
    clock.advance(6_000);
    return overview.overview();
  });
  if (process.env.BENCH_PARTS) {
    const repo = await import('../../src/server/modules/backoffice/overview.repo');
    await time('  pending count/sum', () => repo.countSum(db.db, 'deposit_request', 'pending'));
    await time('  awaiting a second approval', () => repo.awaitingSecond(db.db, 'deposit_request'));
    await time('  approved today', () => repo.approvedSince(db.db, 'deposit_request', '2026-11-24T00:00:00.000Z'));
    await time('  balances by kind', () => repo.balancesByKind(db.db));
  }
  await db.destroy();
}

console.log(
  `bench/admin — ${new Date().toISOString()} — ${USERS.toLocaleString('en-US')} users, ${INVESTMENTS.toLocaleString('en-US')} investments, ${SAMPLES} samples`,
);
await bench(testDialect);
