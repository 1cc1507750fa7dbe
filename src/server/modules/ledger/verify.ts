import type { Db } from '../../db/index';
import * as repo from './verify.repo';

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
  for (const r of await repo.unbalancedTransactions(db))
    problems.push(`transaction ${r.tx_id} sums to ${r.total}, not 0`);
  for (const r of await repo.transactionsWithTooFewEntries(db))
    problems.push(`transaction ${r.id} has ${r.n} entries (needs at least 2)`);
  for (const r of await repo.driftedBalances(db))
    problems.push(`account ${r.id}: cached balance ${r.cached} but entries sum to ${r.computed}`);
  for (const r of await repo.negativeUserAccounts(db))
    problems.push(`user account ${r.id} is negative: ${r.balance_cents}`);
  const totals = await repo.accountTotals(db);
  const total = Number(totals?.total ?? 0);
  if (total !== 0) problems.push(`all accounts sum to ${total}, not 0`);
  const counts = await repo.journalCounts(db);
  return {
    transactions: Number(counts?.txs ?? 0),
    entries: Number(counts?.entries ?? 0),
    accounts: Number(totals?.accounts ?? 0),
    problems,
  };
}
