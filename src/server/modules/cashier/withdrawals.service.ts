import { timeOrderedId } from '../../../core/ids';
import { isCryptoType, validateAddress } from '../../../core/crypto-address';
import { DomainError } from '../../../core/errors';
import { withdrawalHoldPostings } from '../../../core/ledger';
import { withdrawalLockBoundary, withdrawalLockDaysLeft } from '../../../core/locks';
import { requireAmount, toDecimalString } from '../../../core/money';
import type { Withdrawal } from '../../../contracts/cashier';
import type { AppContext } from '../../context';
import { InsufficientFunds, requestHash } from '../ledger/ledger.service';
import type { Movements } from '../ledger/movement';
import { findContact } from '../accounts/security.repo';
import type { AccountSecurity } from '../accounts/security.service';
import { outboxRow } from '../notifications/outbox';
import type { WithdrawalRow } from './cashier.repo';
import type { Notifier } from '../notifier';

export function toWithdrawal(
  row: Pick<
    WithdrawalRow,
    'id' | 'amount_cents' | 'status' | 'crypto_type' | 'wallet_address' | 'created_at' | 'processed_at' | 'admin_notes'
  >,
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
  };
}

export function createWithdrawalsService(
  ctx: AppContext,
  deps: { notifier: Notifier; security: AccountSecurity; movements: Movements },
) {
  const { db, clock } = ctx;
  const { notifier, security, movements } = deps;
  return {
    /**
     * A withdrawal request holds its amount at once (available → withdrawal hold), so a pending
     * withdrawal can never be spent a second time.
     */
    async create(
      userId: string,
      input: { amount: string; crypto: string; address: string },
      idempotencyKey?: string,
    ): Promise<Withdrawal> {
      const amount = requireAmount(input.amount);
      if (!isCryptoType(input.crypto)) throw new DomainError('unknown_crypto');
      const crypto = input.crypto;
      const address = input.address.trim();
      if (address === '') throw new DomainError('withdrawal_address_required');
      if (!validateAddress(crypto, address)) throw new DomainError('withdrawal_address_invalid', { crypto });
      const idem = { userId, key: idempotencyKey, requestHash: requestHash(['withdraw', amount, crypto, address]) };
      // A replay gets its first answer even if a rule below started to refuse since.
      const earlier = await movements.replay<Withdrawal>(idem);
      if (earlier) return earlier;
      // Whether money may leave (a verified address), and where the notice of this request goes.
      const who = await findContact(db, userId);
      if (!who?.verified) throw new DomainError('email_not_verified');
      const holdHours = await security.passwordHoldHoursLeft(userId);
      if (holdHours > 0) throw new DomainError('withdrawal_password_hold', { hours: holdHours });
      try {
        const now = clock.now();
        const id = timeOrderedId();
        const row = (txId: string): WithdrawalRow => ({
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
        });
        let holdTx = '';
        const result = await movements.apply<Withdrawal>(
          idem,
          {
            post: {
              type: 'withdrawal_hold',
              userId,
              createdBy: userId,
              postings: withdrawalHoldPostings(userId, amount),
              ref: { type: 'withdrawal_request', id },
            },
            // The 30-day lock is decided in the same transaction, against what is committed: a first
            // investment racing this request either committed before it, or waits for it.
            requireNotFrozen: userId,
            guard: {
              withdrawalLock: { userId, boundary: withdrawalLockBoundary(now) },
              locked: (first) => new DomainError('withdrawal_locked', { days: withdrawalLockDaysLeft(first, now) }),
            },
            related: (txId) => ((holdTx = txId), { table: 'withdrawal_request', row: row(txId) }),
            respond: () => toWithdrawal(row(holdTx)),
            outbox: () =>
              outboxRow({
                userId,
                to: who.email,
                template: 'withdrawal_requested',
                locale: who.locale,
                params: { amount: toDecimalString(amount), crypto, address },
                now,
              }),
          },
          now,
        );
        notifier.requestChanged(userId, 'withdrawal');
        return result;
      } catch (err) {
        if (err instanceof InsufficientFunds) throw new DomainError('withdrawal_insufficient_funds');
        throw err;
      }
    },
  };
}
