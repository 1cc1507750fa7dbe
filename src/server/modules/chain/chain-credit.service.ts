import { coinToCents } from '../../../core/coins';
import { DomainError } from '../../../core/errors';
import { timeOrderedId } from '../../../core/ids';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { AuditSource } from '../audit/audit.service';
import * as cashier from '../cashier/cashier.repo';
import { findClosure } from '../closure/closure.repo';
import type { RateService } from '../market/rates.service';
import type { Notifier } from '../notifier';
import * as repo from './chain-credit.repo';

/** Who decides when the policy credits a payment: recorded as the actor of the approval (decision 059). */
export const CHAIN_POLICY_ACTOR = 'system:chain-auto-credit';
export const CHAIN_POLICY_SOURCE: AuditSource = { ip: null, userAgent: 'chain-auto-credit' };

/** Payments given an outcome per pass: a backlog drains over a few passes, each one bounded. */
const PER_PASS = 200;

type Log = { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void };

export interface ChainCreditDeps {
  rates: RateService;
  notifier: Notifier;
  /** The operators' approval, the same for the policy as for a person (admin.service). */
  approveDeposit(actorId: string, depositId: string, source: AuditSource): Promise<'awaiting_second' | 'approved'>;
}

/**
 * What a confirmed chain payment becomes (decision 059): a deposit request carrying its evidence
 * (output, amount in coin, the rate at confirmation, the dollars core computed from them), or a
 * refund for the operators when it may not be credited (below CHAIN_MIN_DEPOSIT, or its owner asked
 * to close). Below CHAIN_AUTO_CREDIT_BELOW the policy approves the deposit at once, through the
 * operators' own approval (tier limits, closure, the audit trail), under a system actor; otherwise,
 * or when that approval refuses, it waits in the review queue for a person, as any deposit does.
 * A payment with no fresh rate waits for the next pass: nothing is credited at a made-up rate.
 */
export function createChainCredit(ctx: Pick<AppContext, 'config' | 'db' | 'clock'>, deps: ChainCreditDeps, log: Log) {
  const { config, db, clock } = ctx;
  const { minDepositCents, autoCreditBelowCents } = config.chain;

  async function outcomeOf(p: Awaited<ReturnType<typeof repo.awaitingOutcome>>[number]): Promise<void> {
    const rate = await deps.rates.forConversion(p.coin);
    if (!rate.ok) {
      log.warn?.({ coin: p.coin, txid: p.txid, reason: rate.reason }, 'chain credit: no fresh rate, the payment waits');
      return;
    }
    const cents = coinToCents(p.coin, BigInt(p.amount), rate.rateMicros);
    const now = clock.now().toISOString();
    const key = { coin: p.coin, txid: p.txid, vout: Number(p.vout) };
    const reason = (await findClosure(db, p.user_id))
      ? 'closing'
      : cents < Math.max(minDepositCents, 1)
        ? 'below_minimum'
        : null;
    if (reason) {
      await repo.markRefund(db, key, { reason, cents, rateMicros: rate.rateMicros }, now);
      log.warn?.({ coin: p.coin, txid: p.txid, userId: p.user_id, reason }, 'chain credit: not credited, to refund');
      deps.notifier.requestChanged(p.user_id, 'deposit');
      return;
    }
    const id = timeOrderedId();
    try {
      const linked = await db.transaction().execute(async (trx) => {
        // The payment is linked first: a pass that lost the race writes nothing.
        if (!(await repo.linkDeposit(trx, key, id, now))) return false;
        await cashier.insertDeposit(trx, {
          id,
          user_id: p.user_id,
          amount_cents: cents,
          status: 'pending',
          proof_path: null,
          idempotency_key: null,
          created_at: now,
          processed_at: null,
          processed_by: null,
          admin_notes: null,
          tx_id: null,
          root_id: id,
          previous_id: null,
          version: 1,
          deposit_coin: p.coin,
          deposit_address: p.address,
          chain_coin: p.coin,
          chain_txid: p.txid,
          chain_vout: key.vout,
          coin_amount: String(p.amount),
          rate_micros: rate.rateMicros.toString(),
          rate_at: rate.fetchedAt,
        });
        return true;
      });
      if (!linked) return;
    } catch (err) {
      // The output is some deposit's already (the unique key): nothing to do.
      if (isUniqueViolation(err)) return;
      throw err;
    }
    deps.notifier.requestChanged(p.user_id, 'deposit');
    if (cents >= autoCreditBelowCents) return;
    try {
      await deps.approveDeposit(CHAIN_POLICY_ACTOR, id, CHAIN_POLICY_SOURCE);
    } catch (err) {
      // A limit or a closure refuses the policy as it would a person: the deposit waits for one.
      if (!(err instanceof DomainError)) throw err;
      log.warn?.(
        { depositId: id, code: err.code },
        'chain credit: the policy could not approve; left to the operators',
      );
    }
  }

  return {
    /** One pass: every confirmed payment without an outcome gets one (or waits for a rate). */
    async run(): Promise<void> {
      for (const p of await repo.awaitingOutcome(db, PER_PASS)) {
        try {
          await outcomeOf(p);
        } catch (err) {
          log.error(
            { coin: p.coin, txid: p.txid, vout: p.vout, err },
            'chain credit: payment failed, tried again next pass',
          );
        }
      }
    },
    /**
     * That payment's outcome now, if it still awaits one (a claimed transaction, decision 060): the
     * same steps as a pass. Without a fresh rate it waits for the job's next pass.
     */
    async payment(key: repo.PaymentKey): Promise<void> {
      const p = await repo.awaitingOutcomeOf(db, key);
      if (p) await outcomeOf(p);
    },
  };
}

export type ChainCredit = ReturnType<typeof createChainCredit>;
