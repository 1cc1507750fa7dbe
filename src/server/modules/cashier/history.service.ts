import { toDecimalString } from '../../../core/money';
import type { CashierHistory } from '../../../contracts/cashier';
import type { Db } from '../../db/index';
import * as repo from './cashier.repo';
import { toDeposit } from './deposits.service';
import { toWithdrawal, type PayoutView } from './withdrawals.service';
import { correctedAmong } from './versions';
import type { LimitsService } from '../limits/limits.service';

/**
 * A user's recent deposits, withdrawals and transfers, newest first, with their status; a pending
 * deposit their limit keeps waiting says so (issue 46, item 3).
 */
export function createHistoryService(
  ctx: { db: Db; config: { limits: { correctionMaxVersions: number } } & PayoutView },
  limits: Pick<LimitsService, 'depositHolds'>,
) {
  return {
    of: (userId: string) => cashierHistory(ctx.db, userId, ctx.config, limits),
  };
}

async function cashierHistory(
  db: Db,
  userId: string,
  config: { limits: { correctionMaxVersions: number } } & PayoutView,
  limits: Pick<LimitsService, 'depositHolds'>,
): Promise<CashierHistory> {
  const [deposits, withdrawals, transfers, held] = await Promise.all([
    repo.depositsOf(db, userId),
    repo.withdrawalsOf(db, userId),
    repo.transfersOf(db, userId),
    limits.depositHolds(userId),
  ]);
  const maxVersions = config.limits.correctionMaxVersions;
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
    deposits: deposits.map((d) => ({
      ...toDeposit(d, depositView),
      heldByLimit: d.status === 'pending' ? held(Number(d.amount_cents)) : null,
    })),
    withdrawals: withdrawals.map((w) => toWithdrawal(w, withdrawalView, config)),
    transfers: [...transfers.sent.map(line('out')), ...transfers.received.map(line('in'))].sort((a, b) =>
      a.createdAt < b.createdAt ? 1 : -1,
    ),
  };
}
