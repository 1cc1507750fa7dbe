import type { ChainRefund } from '../../../contracts/chain';
import { formatCoinAmount, formatRate } from '../../../core/coins';
import { payoutTxidOf } from '../../../core/payout';
import { DomainError } from '../../../core/errors';
import { toDecimalString } from '../../../core/money';
import type { AppContext } from '../../context';
import { recordAudit, type AuditSource } from '../audit/audit.service';
import * as repo from './chain-credit.repo';

const TXID = /^[0-9a-f]{64}$/;

function toRefund(r: repo.RefundRow): ChainRefund | null {
  const reason = r.refund_reason ?? (r.deposit_status === 'rejected' ? 'rejected' : null);
  if (!reason) return null;
  return {
    coin: r.coin,
    txid: r.txid,
    vout: Number(r.vout),
    address: r.address,
    amount: formatCoinAmount(r.coin, BigInt(r.amount)),
    reason,
    worth:
      r.refund_cents !== null && r.refund_cents !== undefined
        ? toDecimalString(Number(r.refund_cents))
        : toDecimalString(Number(r.deposit_cents ?? 0)),
    rate: formatRate(BigInt((r.refund_rate_micros ?? r.deposit_rate_micros)!)),
    raisedAt: r.refund_raised_at ?? r.deposit_processed_at ?? r.updated_at,
    user: { id: r.user_id, fullName: r.full_name, email: r.email, uid: r.uid },
    refund:
      r.refunded_txid && r.refunded_at && r.refunded_by
        ? { txid: r.refunded_txid, at: r.refunded_at, by: r.refunded_by }
        : null,
  };
}

/**
 * The refunds queue (decision 059): payments held but not credited. An operator sends the coins
 * back from the wallet and records the refund's transaction here; the record is audited and final.
 */
export function createChainRefunds({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  return {
    async list(state: 'open' | 'done'): Promise<ChainRefund[]> {
      return (await repo.refunds(db, state === 'open', 200)).flatMap((r) => toRefund(r) ?? []);
    },

    async record(
      operatorId: string,
      key: { coin: 'BTC' | 'LTC' | 'USDT_TRC20' | 'SOL'; txid: string; vout: number },
      refundTxid: string,
      source: AuditSource,
    ): Promise<ChainRefund> {
      // A Solana signature is base58, case and all (decision 060); the others are 64 hex digits.
      const txid = key.coin === 'SOL' ? payoutTxidOf('SOL', refundTxid) : refundTxid.trim().toLowerCase();
      if (!txid || (key.coin !== 'SOL' && !TXID.test(txid))) throw new DomainError('chain_refund_txid_invalid');
      const now = clock.now();
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const found = await repo.findRefund(trx, key);
        const refund = found && toRefund(found);
        if (!found || !refund) throw new DomainError('chain_refund_not_found');
        if (!(await repo.markRefunded(trx, key, { txid, at, by: operatorId })))
          throw new DomainError('chain_refund_closed');
        await recordAudit(
          trx,
          {
            actorId: operatorId,
            action: 'chain_refund.record',
            target: { type: 'chain_payment', id: `${key.coin}:${key.txid}:${key.vout}` },
            source,
            before: { reason: refund.reason, refunded: false },
            after: { refundTxid: txid },
          },
          now,
        );
        return { ...refund, refund: { txid, at, by: operatorId } };
      });
    },
  };
}
