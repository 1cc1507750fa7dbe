import { timeOrderedId } from '../../../core/ids';
import { isCryptoType, validateAddress } from '../../../core/crypto-address';
import { DomainError } from '../../../core/errors';
import { withdrawalHoldPostings } from '../../../core/ledger';
import { withdrawalLockBoundary, withdrawalLockDaysLeft } from '../../../core/locks';
import { requireAmount, toDecimalString } from '../../../core/money';
import type { Payout, Withdrawal } from '../../../contracts/cashier';
import type { ChainCoin } from '../../../core/chain/account-key';
import { formatCoinAmount } from '../../../core/coins';
import type { CryptoType } from '../../../core/crypto-address';
import { coinOfCrypto, explorerLink } from '../../../core/payout';
import type { Config } from '../../config';
import type { PayoutTxColumns } from '../../db/migrations/042_payout_tx';
import type { AppContext } from '../../context';
import { InsufficientFunds } from '../ledger/ledger.service';
import type { Movements } from '../ledger/movement';
import { insert, type Step } from '../ledger/plan';
import { notFrozen } from '../freeze/freeze.steps';
import { noChainHold } from '../chain/chain-holds.steps';
import { noRecentPasswordChange, noRecentSecondFactorRemoval } from '../accounts/accounts.steps';
import { findContact } from '../accounts/security.repo';
import { outboxRow } from '../notifications/outbox';
import type { WithdrawalRow } from './cashier.repo';
import { isUniqueViolation } from '../../db/errors';
import { correctionOf, correctionSteps, versionFields, type VersionView } from './versions';
import type { Notifier } from '../notifier';
import type { LimitsService } from '../limits/limits.service';

export function toWithdrawal(
  row: Pick<
    WithdrawalRow,
    | 'id'
    | 'amount_cents'
    | 'status'
    | 'crypto_type'
    | 'wallet_address'
    | 'created_at'
    | 'processed_at'
    | 'admin_notes'
    | 'reason_code'
    | 'reason_retryable'
    | 'version'
    | 'previous_id'
  > &
    Partial<PayoutTxColumns>,
  view?: VersionView,
  payouts?: PayoutView,
): Withdrawal {
  return {
    id: row.id,
    amount: toDecimalString(Number(row.amount_cents)),
    status: row.status,
    crypto: row.crypto_type,
    address: row.wallet_address,
    createdAt: row.created_at,
    processedAt: row.processed_at,
    adminNotes: row.admin_notes,
    ...versionFields(row, view),
    ...(payouts ? { payout: payoutOf(row, payouts) } : {}),
  };
}

/** What the investor and the operators are shown of payouts: the explorers, each coin's threshold. */
export type PayoutView = Pick<Config, 'payouts' | 'chain'>;

/** The withdrawal's payout transaction as shown (decision 057), or null when none was recorded. */
export function payoutOf(
  row: Pick<WithdrawalRow, 'crypto_type'> & Partial<PayoutTxColumns>,
  config: PayoutView,
): Payout | null {
  if (!row.payout_txid) return null;
  const crypto = row.crypto_type as CryptoType;
  const verified = Number(row.payout_verified ?? 0) === 1;
  const amount = row.payout_coin_amount;
  return {
    txid: row.payout_txid,
    verified,
    coinAmount:
      verified && amount !== null && amount !== undefined && isCryptoType(crypto)
        ? formatCoinAmount(coinOfCrypto[crypto], BigInt(amount))
        : null,
    confirmations: verified && row.payout_confirmations != null ? Number(row.payout_confirmations) : null,
    confirmationsWanted: verified ? (config.chain.coins[crypto as ChainCoin]?.confirmations ?? null) : null,
    explorerUrl: explorerLink(config.payouts.explorers[crypto], row.payout_txid),
  };
}

/**
 * The 30-day lock after the first investment (core decides its boundary), checked in the
 * withdrawal's own transaction against the profile row a first investment in flight also writes.
 */
function withdrawalLock(userId: string, now: Date): Step {
  return {
    do: 'forbid',
    table: 'user_profile',
    where: { user_id: userId, first_investment_date: { gt: withdrawalLockBoundary(now).toISOString() } },
    lock: true,
    refuse: {
      code: 'withdrawal_locked',
      detail: 'first_investment_date',
      params: (first) => ({ days: withdrawalLockDaysLeft(first === null ? null : new Date(first), now) }),
    },
  };
}

export function createWithdrawalsService(
  ctx: AppContext,
  deps: { notifier: Notifier; movements: Movements; limits: LimitsService },
) {
  const { db, clock, config } = ctx;
  const { notifier, movements, limits } = deps;
  return {
    /**
     * A withdrawal request holds its amount at once (available → withdrawal hold), so a pending
     * withdrawal can never be spent a second time.
     */
    async create(
      userId: string,
      input: { amount: string; crypto: string; address: string; previousId?: string | undefined },
      idempotencyKey?: string,
    ): Promise<Withdrawal> {
      const amount = requireAmount(input.amount);
      if (!isCryptoType(input.crypto)) throw new DomainError('unknown_crypto');
      const crypto = input.crypto;
      const address = input.address.trim();
      if (address === '') throw new DomainError('withdrawal_address_required');
      if (!validateAddress(crypto, address)) throw new DomainError('withdrawal_address_invalid', { crypto });
      const previousId = input.previousId;
      const idem = {
        userId,
        key: idempotencyKey,
        request: ['withdraw', amount, crypto, address, ...(previousId ? [previousId] : [])],
      };
      // A replay gets its first answer even if a rule below started to refuse since.
      const earlier = await movements.replay<Withdrawal>(idem);
      if (earlier) return earlier;
      // Whether money may leave (a verified address), and where the notice of this request goes.
      const who = await findContact(db, userId);
      if (!who?.verified) throw new DomainError('email_not_verified');
      const maxVersions = config.limits.correctionMaxVersions;
      // A correction: read and decided here for a clear refusal, decided again by the plan's steps.
      const correction = previousId
        ? await correctionOf(db, 'withdrawal_request', userId, previousId, maxVersions)
        : undefined;
      // The tier's limits: refused here with the limit and what it leaves, decided again by the plan.
      const limitSteps = await limits.check(userId, 'withdrawal', amount);
      try {
        const now = clock.now();
        const id = timeOrderedId();
        const txId = timeOrderedId();
        const row: WithdrawalRow = {
          id,
          user_id: userId,
          amount_cents: amount,
          status: 'pending',
          crypto_type: crypto,
          wallet_address: address,
          created_at: now.toISOString(),
          processed_at: null,
          processed_by: null,
          admin_notes: null,
          hold_tx_id: txId,
          settle_tx_id: null,
          ...(correction ?? { previous_id: null, root_id: id, version: 1 }),
        };
        const result = await movements.apply<Withdrawal>(
          idem,
          {
            money: {
              txId,
              type: 'withdrawal_hold',
              userId,
              createdBy: userId,
              postings: withdrawalHoldPostings(userId, amount),
              ref: { type: 'withdrawal_request', id },
            },
            steps: [
              notFrozen(userId),
              noChainHold(userId),
              withdrawalLock(userId, now),
              noRecentPasswordChange(userId, now),
              noRecentSecondFactorRemoval(userId, now),
              ...limitSteps,
              ...(correction ? correctionSteps('withdrawal_request', userId, correction, maxVersions) : []),
              insert('withdrawal_request', row),
              insert(
                'email_outbox',
                outboxRow({
                  userId,
                  to: who.email,
                  template: 'withdrawal_requested',
                  locale: who.locale,
                  params: { amount: toDecimalString(amount), crypto, address },
                  now,
                }),
              ),
            ],
            respond: () => toWithdrawal(row),
          },
          now,
        );
        notifier.requestChanged(userId, 'withdrawal');
        return result;
      } catch (err) {
        if (err instanceof InsufficientFunds) throw new DomainError('withdrawal_insufficient_funds');
        // The unique link to the rejected request: a correction that got past the steps' lock.
        if (correction && isUniqueViolation(err)) throw new DomainError('correction_superseded');
        throw err;
      }
    },
  };
}
