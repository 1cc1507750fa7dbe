import { sql } from 'kysely';
import type { Db } from '../../db/index';

export interface LedgerReport {
  transactions: number;
  entries: number;
  accounts: number;
  problems: string[];
}

/**
 * Recomputes every balance from the journal and checks the invariants: each transaction has
 * entries summing to zero, each cached balance equals the sum of its entries, no user balance is
 * negative, and all accounts together sum to zero (money is only moved, never made).
 */
export async function verifyLedger(db: Db): Promise<LedgerReport> {
  const problems: string[] = [];
  const unbalanced = await sql<{ tx_id: string; total: string | number }>`
    select tx_id, sum(amount_cents) as total from ledger_entry group by tx_id having sum(amount_cents) <> 0`.execute(db);
  for (const r of unbalanced.rows) problems.push(`transaction ${r.tx_id} sums to ${r.total}, not 0`);

  const empty = await sql<{ id: string; n: string | number }>`
    select t.id, count(e.id) as n from ledger_tx t left join ledger_entry e on e.tx_id = t.id
    group by t.id having count(e.id) < 2`.execute(db);
  for (const r of empty.rows) problems.push(`transaction ${r.id} has ${r.n} entries (needs at least 2)`);

  const drift = await sql<{ id: string; cached: string | number; computed: string | number }>`
    select a.id, a.balance_cents as cached, coalesce(sum(e.amount_cents), 0) as computed
    from ledger_account a left join ledger_entry e on e.account_id = a.id
    group by a.id, a.balance_cents having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`.execute(db);
  for (const r of drift.rows) problems.push(`account ${r.id}: cached balance ${r.cached} but entries sum to ${r.computed}`);

  const negative = await db.selectFrom('ledger_account').select(['id', 'balance_cents']).where('kind', 'not like', 'platform_%').where('balance_cents', '<', 0).execute();
  for (const r of negative) problems.push(`user account ${r.id} is negative: ${r.balance_cents}`);

  const totals = await sql<{ total: string | number | null; accounts: string | number }>`
    select sum(balance_cents) as total, count(*) as accounts from ledger_account`.execute(db);
  const total = Number(totals.rows[0]?.total ?? 0);
  if (total !== 0) problems.push(`all accounts sum to ${total}, not 0`);

  const counts = await sql<{ txs: string | number; entries: string | number }>`
    select (select count(*) from ledger_tx) as txs, (select count(*) from ledger_entry) as entries`.execute(db);
  return {
    transactions: Number(counts.rows[0]?.txs ?? 0),
    entries: Number(counts.rows[0]?.entries ?? 0),
    accounts: Number(totals.rows[0]?.accounts ?? 0),
    problems,
  };
}
