import { formatCoinAmount } from '../../../core/coins';
import { DomainError } from '../../../core/errors';
import { chainHoldId, type ChainHold, type WithdrawalHold } from '../../../contracts/chain-holds';
import type { AppContext } from '../../context';
import { recordAudit, type AuditSource } from '../audit/audit.service';
import type { Notifier } from '../notifier';
import * as repo from './chain-holds.repo';

const idOf = (h: repo.ChainHoldKey) => `${h.coin}-${h.txid}-${Number(h.vout)}-${h.block_hash}`;

function keyOf(id: string): repo.ChainHoldKey {
  const m = chainHoldId.exec(id);
  if (!m) throw new DomainError('chain_hold_not_found');
  return { coin: m[1] as 'BTC' | 'LTC', txid: m[2]!, vout: Number(m[3]), block_hash: m[4]! };
}

function toHold(r: repo.ListedHold): ChainHold {
  return {
    id: idOf(r),
    coin: r.coin,
    txid: r.txid,
    vout: Number(r.vout),
    blockHash: r.block_hash,
    amount: r.amount === null ? null : formatCoinAmount(r.coin, BigInt(r.amount)),
    raisedAt: r.raised_at,
    user: { id: r.user_id, uid: r.uid, fullName: r.full_name, email: r.email },
    release:
      r.released_at === null
        ? null
        : { at: r.released_at, by: { id: r.released_by ?? '', name: r.releaser_name ?? null } },
  };
}

/**
 * Holds on a person's withdrawals after a credited chain payment left the best chain (decision 058).
 * The chain watcher raises them; the withdrawal and its approval refuse while one is open
 * (`noChainHold`); an operator who is not that person releases one with a note, audited.
 */
export function createChainHoldsService({ db, clock }: Pick<AppContext, 'db' | 'clock'>, notifier: Notifier) {
  return {
    /** Up to `limit` holds of the status (of one person with `userId`), and how many are open. */
    async list(
      status: 'open' | 'released',
      limit: number,
      userId?: string,
    ): Promise<{ holds: ChainHold[]; open: number }> {
      const rows = await repo.holdsIn(db, status, limit, userId);
      return { holds: rows.map(toHold), open: await repo.countOpen(db, userId) };
    },

    /** The person's own view: whether their withdrawals are held, since the oldest open hold. */
    async ofInvestor(userId: string): Promise<WithdrawalHold> {
      const first = await repo.firstOpenOf(db, userId);
      return { held: first !== undefined, since: first?.raised_at ?? null };
    },

    /**
     * An operator releases an open hold with a note: the change and its audit row (about the person,
     * so it shows on their page) commit together. Not on a hold of one's own account.
     */
    async release(operatorId: string, id: string, note: string, source: AuditSource): Promise<ChainHold> {
      const key = keyOf(id);
      const found = await repo.findHold(db, key);
      if (!found) throw new DomainError('chain_hold_not_found');
      if (found.user_id === operatorId) throw new DomainError('own_request');
      await db.transaction().execute(async (trx) => {
        const now = clock.now();
        if (!(await repo.releaseHold(trx, key, { released_at: now.toISOString(), released_by: operatorId })))
          throw new DomainError('chain_hold_already_released');
        await recordAudit(
          trx,
          {
            actorId: operatorId,
            action: 'chain_hold.release',
            target: { type: 'user', id: found.user_id },
            source,
            before: { status: 'open', hold: id, raisedAt: found.raised_at },
            after: { status: 'released', hold: id, note },
          },
          now,
        );
      });
      notifier.requestChanged(found.user_id, 'withdrawal');
      return toHold((await repo.findHold(db, key))!);
    },
  };
}

export type ChainHoldsService = ReturnType<typeof createChainHoldsService>;
