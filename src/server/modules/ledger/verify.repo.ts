import { sql } from 'kysely';
import type { Db } from '../../db/index';

/** The ledger verification's queries: each returns only what breaks an invariant, or a total. */

export async function unbalancedTransactions(db: Db) {
  return (
    await sql<{ tx_id: string; total: string | number }>`
    select tx_id, sum(amount_cents) as total from ledger_entry group by tx_id having sum(amount_cents) <> 0`.execute(db)
  ).rows;
}

export async function transactionsWithTooFewEntries(db: Db) {
  return (
    await sql<{ id: string; n: string | number }>`
    select t.id, count(e.id) as n from ledger_tx t left join ledger_entry e on e.tx_id = t.id
    group by t.id having count(e.id) < 2`.execute(db)
  ).rows;
}

export async function driftedBalances(db: Db) {
  return (
    await sql<{ id: string; cached: string | number; computed: string | number }>`
    select a.id, a.balance_cents as cached, coalesce(sum(e.amount_cents), 0) as computed
    from ledger_account a left join ledger_entry e on e.account_id = a.id
    group by a.id, a.balance_cents having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`.execute(db)
  ).rows;
}

export async function negativeUserAccounts(db: Db) {
  return db
    .selectFrom('ledger_account')
    .select(['id', 'balance_cents'])
    .where('kind', 'not like', 'platform_%')
    .where('balance_cents', '<', 0)
    .execute();
}

export async function accountTotals(db: Db) {
  return (
    await sql<{
      total: string | number | null;
      accounts: string | number;
    }>`select sum(balance_cents) as total, count(*) as accounts from ledger_account`.execute(db)
  ).rows[0];
}

export async function journalCounts(db: Db) {
  return (
    await sql<{
      txs: string | number;
      entries: string | number;
    }>`select (select count(*) from ledger_tx) as txs, (select count(*) from ledger_entry) as entries`.execute(db)
  ).rows[0];
}
