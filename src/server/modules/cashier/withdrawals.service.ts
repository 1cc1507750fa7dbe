import { randomUUID } from 'node:crypto';
import { isCryptoType, validateAddress } from '../../../core/crypto-address';
import { DomainError } from '../../../core/errors';
import { withdrawalHoldPostings } from '../../../core/ledger';
import { withdrawalLockDaysLeft } from '../../../core/locks';
import { requireAmount, toDecimalString } from '../../../core/money';
import type { Withdrawal } from '../../../contracts/cashier';
import type { AppContext } from '../../context';
import { InsufficientFunds, post, replayOf, requestHash, runIdempotent } from '../ledger/ledger.service';
import { findContact } from '../accounts/security.repo';
import type { AccountSecurity } from '../accounts/security.service';
import { enqueueEmail } from '../notifications/outbox';
import * as repo from './cashier.repo';
import type { WithdrawalRow } from './cashier.repo';
import type { Notifier } from '../notifier';
import { assertNotFrozen } from '../freeze/freeze';

export function toWithdrawal(row: Pick<WithdrawalRow, 'id' | 'amount_cents' | 'status' | 'crypto_type' | 'wallet_address' | 'created_at' | 'processed_at' | 'admin_notes'>): Withdrawal {
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

export function createWithdrawalsService(ctx: AppContext, deps: { notifier: Notifier; security: AccountSecurity }) {
  const { db, clock } = ctx;
  const { notifier, security } = deps;
  return {
    /**
     * A withdrawal request holds its amount at once (available → withdrawal hold), so a pending
     * withdrawal can never be spent a second time.
     */
    async create(userId: string, input: { amount: string; crypto: string; address: string }, idempotencyKey?: string): Promise<Withdrawal> {
      const amount = requireAmount(input.amount);
      if (!isCryptoType(input.crypto)) throw new DomainError('unknown_crypto');
      const crypto = input.crypto;
      const address = input.address.trim();
      if (address === '') throw new DomainError('withdrawal_address_required');
      if (!validateAddress(crypto, address)) throw new DomainError('withdrawal_address_invalid', { crypto });
      const idem = { userId, key: idempotencyKey, requestHash: requestHash(['withdraw', amount, crypto, address]) };
      // A replay gets its first answer even if a rule below started to refuse since.
      const earlier = await replayOf<Withdrawal>(db, idem);
      if (earlier) return earlier;
      await security.requireVerified(userId);
      const holdHours = await security.passwordHoldHoursLeft(userId);
      if (holdHours > 0) throw new DomainError('withdrawal_password_hold', { hours: holdHours });
      try {
        // A replay gets its first answer even if the lock started since (runIdempotent answers it first).
        const result = await runIdempotent<Withdrawal>(db, idem, async (trx, idempotency) => {
          await assertNotFrozen(trx, userId);
          const now = clock.now();
          // The 30-day lock is decided here, against what is committed: a first investment racing
          // this request either committed before the lock below, or waits for this transaction.
          await repo.lockAvailableBalance(trx, userId);
          const daysLeft = withdrawalLockDaysLeft(await repo.firstInvestmentAt(trx, userId), now);
          if (daysLeft > 0) throw new DomainError('withdrawal_locked', { days: daysLeft });
          const id = randomUUID();
          const txId = await post(trx, { type: 'withdrawal_hold', userId, createdBy: userId, postings: withdrawalHoldPostings(userId, amount), ref: { type: 'withdrawal_request', id }, idempotency }, now);
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
          };
          await repo.insertWithdrawal(trx, row);
          const who = await findContact(trx, userId);
          if (who) {
            const params = { amount: toDecimalString(amount), crypto, address };
            await enqueueEmail(trx, { userId, to: who.email, template: 'withdrawal_requested', locale: who.locale, params, now });
          }
          return { txId, response: toWithdrawal(row) };
        });
        notifier.requestChanged(userId, 'withdrawal');
        return result;
      } catch (err) {
        if (err instanceof InsufficientFunds) throw new DomainError('withdrawal_insufficient_funds');
        throw err;
      }
    },
  };
}
