// Writes a funded ledger for the proof-of-liabilities bench, fast: this is set-up, not what is timed.
// Each block of 1,000 investors is one balanced deposit transaction (their entries and the
// platform's opposite entry), exactly what the money writer would leave, but written in bulk:
// prepared statements in one transaction on SQLite, array-parameter (`unnest`) inserts of 50,000
// rows on PostgreSQL. Owners come in random key order, as sign-ups do: the account and entry
// indexes are not laid out in the order of the rows (a sorted bench would flatter every scan).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TestDb } from '../../tests/support/db';

const PER_TX = 1000;
const PG_ROWS = 50_000;

interface Ledger {
  owners: string[];
  cents: number[];
  txIds: string[];
}

function fundedLedger(investors: number): Ledger {
  const owners = Array.from({ length: investors }, () => randomUUID());
  const cents = owners.map((_, i) => 100 + ((i * 7919) % 5_000_000));
  const txIds = Array.from({ length: Math.ceil(investors / PER_TX) }, () => randomUUID());
  return { owners, cents, txIds };
}

/** The platform's side of each deposit transaction: minus the sum of its investors' entries. */
function platformSides(l: Ledger): number[] {
  return l.txIds.map((_, t) => -l.cents.slice(t * PER_TX, (t + 1) * PER_TX).reduce((s, c) => s + c, 0));
}

function seedSqlite(db: TestDb, l: Ledger, now: string): void {
  const sqlite = db.sqlite!;
  const account = sqlite.prepare(
    'insert into ledger_account (id, owner_id, kind, balance_cents, created_at) values (?, ?, ?, ?, ?)',
  );
  const tx = sqlite.prepare(
    `insert into ledger_tx (id, type, user_id, created_by, created_at) values (?, 'deposit', 'platform', 'bench', ?)`,
  );
  const entry = sqlite.prepare('insert into ledger_entry (tx_id, account_id, amount_cents) values (?, ?, ?)');
  const sides = platformSides(l);
  const platformTotal = sides.reduce((s, c) => s + c, 0);
  // Random keys scatter index writes: a big page cache for the writing only, then SQLite's default back.
  const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -1048576');
  sqlite.transaction(() => {
    account.run('platform:platform_deposits', 'platform', 'platform_deposits', platformTotal, now);
    for (let i = 0; i < l.owners.length; i++)
      account.run(`u:${l.owners[i]}:available`, l.owners[i], 'available', l.cents[i], now);
    for (let t = 0; t < l.txIds.length; t++) {
      tx.run(l.txIds[t], now);
      for (let i = t * PER_TX; i < Math.min((t + 1) * PER_TX, l.owners.length); i++)
        entry.run(l.txIds[t], `u:${l.owners[i]}:available`, l.cents[i]);
      entry.run(l.txIds[t], 'platform:platform_deposits', sides[t]);
    }
  })();
  sqlite.pragma(`cache_size = ${cacheSize}`);
}

async function seedPostgres(db: TestDb, l: Ledger, now: string): Promise<void> {
  const sides = platformSides(l);
  const platformTotal = sides.reduce((s, c) => s + c, 0);
  await db.db.transaction().execute(async (trx) => {
    await sql`insert into ledger_account (id, owner_id, kind, balance_cents, created_at)
      values ('platform:platform_deposits', 'platform', 'platform_deposits', ${platformTotal}, ${now})`.execute(trx);
    for (let first = 0; first < l.owners.length; first += PG_ROWS) {
      const owners = l.owners.slice(first, first + PG_ROWS);
      const ids = owners.map((o) => `u:${o}:available`);
      const cents = l.cents.slice(first, first + PG_ROWS);
      await sql`insert into ledger_account (id, owner_id, kind, balance_cents, created_at)
        select id, owner_id, 'available', cents, ${now}
        from unnest(${ids}::text[], ${owners}::text[], ${cents}::bigint[]) as u(id, owner_id, cents)`.execute(trx);
    }
    await sql`insert into ledger_tx (id, type, user_id, created_by, created_at)
      select id, 'deposit', 'platform', 'bench', ${now} from unnest(${l.txIds}::text[]) as u(id)`.execute(trx);
    for (let first = 0; first < l.owners.length; first += PG_ROWS) {
      const txIds: string[] = [];
      const accounts: string[] = [];
      const amounts: number[] = [];
      for (let i = first; i < Math.min(first + PG_ROWS, l.owners.length); i++) {
        txIds.push(l.txIds[Math.floor(i / PER_TX)]!);
        accounts.push(`u:${l.owners[i]}:available`);
        amounts.push(l.cents[i]!);
        if ((i + 1) % PER_TX === 0 || i === l.owners.length - 1) {
          txIds.push(l.txIds[Math.floor(i / PER_TX)]!);
          accounts.push('platform:platform_deposits');
          amounts.push(sides[Math.floor(i / PER_TX)]!);
        }
      }
      await sql`insert into ledger_entry (tx_id, account_id, amount_cents)
        select * from unnest(${txIds}::text[], ${accounts}::text[], ${amounts}::bigint[])`.execute(trx);
    }
  });
  await sql`analyze`.execute(db.db);
}

/** Writes `investors` funded investors; resolves to their ids. */
export async function seedLedger(db: TestDb, investors: number): Promise<string[]> {
  const ledger = fundedLedger(investors);
  const now = new Date().toISOString();
  if (db.dialect === 'postgres') await seedPostgres(db, ledger, now);
  else seedSqlite(db, ledger, now);
  return ledger.owners;
}
