import type { ChainPayments } from '../../../contracts/chain';
import { formatCoinAmount, formatRate } from '../../../core/coins';
import { toDecimalString } from '../../../core/money';
import type { AppContext } from '../../context';
import { claimCoins } from './chain-claims.service';
import { paymentsOf } from './chain-watch.service';

type Outcome = ChainPayments['payments'][number]['outcome'];

/** What a payment became (decision 059), from its deposit or its refund. */
function outcomeOf(p: Awaited<ReturnType<typeof paymentsOf>>[number]): Outcome {
  const refunded = p.refunded_at !== null && p.refunded_at !== undefined;
  if (p.deposit_id && p.deposit_status && p.deposit_cents !== null && p.deposit_rate_micros) {
    const kind =
      p.deposit_status === 'approved' ? 'credited' : p.deposit_status === 'rejected' ? 'rejected' : 'under_review';
    return {
      kind,
      amount: toDecimalString(Number(p.deposit_cents)),
      rate: formatRate(BigInt(p.deposit_rate_micros)),
      refunded,
    };
  }
  if (p.refund_reason && p.refund_cents !== null && p.refund_cents !== undefined && p.refund_rate_micros)
    return {
      kind: p.refund_reason,
      amount: toDecimalString(Number(p.refund_cents)),
      rate: formatRate(BigInt(p.refund_rate_micros)),
      refunded,
    };
  return null;
}

/** A person's payments on chain as /deposit, /cashier and the assistant show them. */
export async function chainPaymentsOf(
  { config, db }: Pick<AppContext, 'config' | 'db'>,
  userId: string,
): Promise<ChainPayments> {
  const coins = config.chain.coins;
  const rows = await paymentsOf(db, userId);
  const claims = claimCoins.flatMap((coin) => {
    const c = config.chain.claims?.[coin];
    return c ? [{ coin, address: c.address }] : [];
  });
  return {
    followed: (['BTC', 'LTC'] as const).flatMap((coin) => {
      const c = coins[coin];
      return c ? [{ coin, required: c.confirmations }] : [];
    }),
    payments: rows.map((p) => ({
      coin: p.coin,
      txid: p.txid,
      vout: Number(p.vout),
      amount: formatCoinAmount(p.coin, BigInt(p.amount)),
      state: p.state,
      confirmations: Number(p.confirmations),
      // A claimed payment (decision 060) is recorded final: one "confirmation" of one.
      required: p.coin === 'BTC' || p.coin === 'LTC' ? (coins[p.coin]?.confirmations ?? 0) : 1,
      firstSeenAt: p.first_seen_at,
      outcome: outcomeOf(p),
    })),
    minimum: toDecimalString(config.chain.minDepositCents),
    // Only on servers with claims on (decision 060): the others answer as before.
    ...(claims.length > 0 ? { claims } : {}),
  };
}
