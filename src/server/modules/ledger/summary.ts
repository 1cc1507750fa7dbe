import { withdrawalLockDaysLeft } from '../../../core/locks';
import type { Db } from '../../db/index';
import { userBalances } from './ledger.service';
import { investmentTotals } from './summary.repo';

export interface MoneySummary {
  balanceCents: number;
  investedCents: number;
  withdrawalHoldCents: number;
  /** Every investment ever made, stopped ones included (spec §4 levels). */
  totalInvestedCents: number;
  firstInvestmentDate: string | null;
  withdrawalLockDaysLeft: number;
}

/**
 * The money side of a profile. The first investment date is derived from the investments
 * themselves (the earliest one), so it is set exactly once and can never drift.
 */
export async function getMoneySummary(db: Db, userId: string, now: Date): Promise<MoneySummary> {
  const [balances, totals] = await Promise.all([userBalances(db, userId), investmentTotals(db, userId)]);
  const first = totals?.first ?? null;
  return {
    balanceCents: balances.available,
    investedCents: balances.invested,
    withdrawalHoldCents: balances.withdrawalHold,
    totalInvestedCents: Number(totals?.total ?? 0),
    firstInvestmentDate: first,
    withdrawalLockDaysLeft: withdrawalLockDaysLeft(first ? new Date(first) : null, now),
  };
}
