import type { ChainTables } from '../../db/migrations/038_chain_payments';
import type { Database } from '../../db/schema';
import type { Queryable } from '../ledger/ledger.repo';

export type PaymentKey = { coin: ChainTables['chain_payment']['coin']; txid: string; vout: number };
export type RefundReason = 'below_minimum' | 'closing';

/** Confirmed payments with no outcome yet (neither a deposit nor a refund), oldest first. */
export async function awaitingOutcome(db: Queryable, limit: number) {
  return db
    .selectFrom('chain_payment')
    .selectAll()
    .where('state', '=', 'confirmed')
    .where('deposit_id', 'is', null)
    .where('refund_reason', 'is', null)
    .orderBy('confirmed_at')
    .orderBy('txid')
    .orderBy('vout')
    .limit(limit)
    .execute();
}

/** One payment, when it still awaits its outcome (a claim credits its own at once, decision 060). */
export async function awaitingOutcomeOf(db: Queryable, key: PaymentKey) {
  return db
    .selectFrom('chain_payment')
    .selectAll()
    .where('coin', '=', key.coin)
    .where('txid', '=', key.txid)
    .where('vout', '=', key.vout)
    .where('state', '=', 'confirmed')
    .where('deposit_id', 'is', null)
    .where('refund_reason', 'is', null)
    .executeTakeFirst();
}

/**
 * The payment becomes that deposit: only while still confirmed and without an outcome, so that two
 * passes (or instances) at once make one deposit. False: another got there first, or the block left.
 */
export async function linkDeposit(db: Queryable, key: PaymentKey, depositId: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('chain_payment')
    .set({ deposit_id: depositId, updated_at: now })
    .where('coin', '=', key.coin)
    .where('txid', '=', key.txid)
    .where('vout', '=', key.vout)
    .where('state', '=', 'confirmed')
    .where('deposit_id', 'is', null)
    .where('refund_reason', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0) === 1;
}

/** Not credited, for the operators to refund: with what it was worth then, and the rate. */
export async function markRefund(
  db: Queryable,
  key: PaymentKey,
  outcome: { reason: RefundReason; cents: number; rateMicros: bigint },
  now: string,
): Promise<void> {
  await db
    .updateTable('chain_payment')
    .set({
      refund_reason: outcome.reason,
      refund_cents: outcome.cents,
      refund_rate_micros: outcome.rateMicros.toString(),
      refund_raised_at: now,
      updated_at: now,
    })
    .where('coin', '=', key.coin)
    .where('txid', '=', key.txid)
    .where('vout', '=', key.vout)
    .where('deposit_id', 'is', null)
    .where('refund_reason', 'is', null)
    .execute();
}

export type RefundRow = Database['chain_payment'] & {
  deposit_status: string | null;
  deposit_cents: number | null;
  deposit_rate_micros: number | string | null;
  deposit_processed_at: string | null;
  full_name: string | null;
  email: string | null;
  uid: string | null;
};

/** A payment with what the operators need to refund it: its deposit (if any) and its owner. */
function withRefundFacts(db: Queryable) {
  return db
    .selectFrom('chain_payment as p')
    .leftJoin('deposit_request as d', 'd.id', 'p.deposit_id')
    .leftJoin('user_profile as u', 'u.user_id', 'p.user_id')
    .selectAll('p')
    .select([
      'd.status as deposit_status',
      'd.amount_cents as deposit_cents',
      'd.rate_micros as deposit_rate_micros',
      'd.processed_at as deposit_processed_at',
      'u.full_name',
      'u.email',
      'u.uid',
    ]);
}

/**
 * Payments the platform holds but did not credit, to be sent back: refused by a rule (below the
 * minimum, after closure was asked) or whose deposit an operator rejected. Open ones first.
 */
export async function refunds(db: Queryable, open: boolean, limit: number): Promise<RefundRow[]> {
  let q = withRefundFacts(db).where((eb) =>
    eb.or([eb('p.refund_reason', 'is not', null), eb('d.status', '=', 'rejected')]),
  );
  q = open ? q.where('p.refunded_at', 'is', null) : q.where('p.refunded_at', 'is not', null);
  return (await q.orderBy('p.updated_at', 'desc').orderBy('p.txid').limit(limit).execute()) as RefundRow[];
}

export async function findRefund(db: Queryable, key: PaymentKey): Promise<RefundRow | undefined> {
  return (await withRefundFacts(db)
    .where('p.coin', '=', key.coin)
    .where('p.txid', '=', key.txid)
    .where('p.vout', '=', key.vout)
    .executeTakeFirst()) as RefundRow | undefined;
}

/** The refund's own transaction, recorded once: false when it was already recorded. */
export async function markRefunded(
  db: Queryable,
  key: PaymentKey,
  refund: { txid: string; at: string; by: string },
): Promise<boolean> {
  const r = await db
    .updateTable('chain_payment')
    .set({ refunded_txid: refund.txid, refunded_at: refund.at, refunded_by: refund.by, updated_at: refund.at })
    .where('coin', '=', key.coin)
    .where('txid', '=', key.txid)
    .where('vout', '=', key.vout)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0) === 1;
}
