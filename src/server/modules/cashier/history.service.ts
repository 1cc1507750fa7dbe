import { toDecimalString } from '../../../core/money';
import type { CashierHistory } from '../../../contracts/cashier';
import type { Db } from '../../db/index';
import * as repo from './cashier.repo';
import { toDeposit } from './deposits.service';
import { toWithdrawal } from './withdrawals.service';
import { correctedAmong } from './versions';

/** A user's recent deposits, withdrawals and transfers, newest first, with their status. */
export function createHistoryService(ctx: { db: Db; config: { limits: { correctionMaxVersions: number } } }) {
  return { of: (userId: string) => cashierHistory(ctx.db, userId, ctx.config.limits.correctionMaxVersions) };
}

async function cashierHistory(db: Db, userId: string, maxVersions: number): Promise<CashierHistory> {
  const [deposits, withdrawals, transfers] = await Promise.all([
    repo.depositsOf(db, userId),
    repo.withdrawalsOf(db, userId),
    repo.transfersOf(db, userId),
  ]);
  // Newest first: a correction, newer than the request it corrects, is in the same list.
  const depositView = { corrected: correctedAmong(deposits), maxVersions };
  const withdrawalView = { corrected: correctedAmong(withdrawals), maxVersions };
  const line = (direction: 'in' | 'out') => (t: (typeof transfers.sent)[number]) => ({
    id: t.id,
    direction,
    amount: toDecimalString(Number(t.amount_cents)),
    counterpartyUid: t.uid,
    counterpartyName: t.full_name,
    createdAt: t.created_at,
  });
  return {
    deposits: deposits.map((d) => toDeposit(d, depositView)),
    withdrawals: withdrawals.map((w) => toWithdrawal(w, withdrawalView)),
    transfers: [...transfers.sent.map(line('out')), ...transfers.received.map(line('in'))].sort((a, b) =>
      a.createdAt < b.createdAt ? 1 : -1,
    ),
  };
}
