import { timeOrderedId } from '../../../core/ids';
import { DomainError } from '../../../core/errors';
import { transferPostings } from '../../../core/ledger';
import { maskName } from '../../../core/locks';
import { requireAmount, toDecimalString } from '../../../core/money';
import type { TransferResult } from '../../../contracts/investing';
import type { AppContext } from '../../context';
import type { Notifier } from '../notifier';
import { InsufficientFunds } from '../ledger/ledger.service';
import type { Movements } from '../ledger/movement';
import { insert } from '../ledger/plan';
import { emailVerified } from '../accounts/accounts.steps';
import { notFrozen } from '../freeze/freeze.steps';
import { notClosing } from '../closure/closure.steps';
import { noChainHold } from '../chain/chain-holds.steps';
import { hitCounter } from '../accounts/ratelimit.repo';
import type { AccountSecurity } from '../accounts/security.service';
import type { PayeeLookup } from './transfers.repo';

const normalizeUid = (uid: string) => uid.trim().toUpperCase();

export interface TransfersDeps {
  security: AccountSecurity;
  movements: Movements;
  /** The payee of a transfer by UID (compiled once by the composition root). */
  payeeByUid: PayeeLookup;
  notify?: Notifier;
}

export function createTransfersService(ctx: AppContext, deps: TransfersDeps) {
  const { db, clock } = ctx;
  const { movements, payeeByUid } = deps;

  /** Counts one payee lookup of this person; refuses past the hourly cap. */
  async function countLookup(senderId: string) {
    // Enough for a person checking a few payees, useless for walking the UID space.
    const lookups = await hitCounter(db, `recipient_lookup:user:${senderId}`, clock.now(), 3_600_000);
    if (lookups > ctx.config.limits.recipientLookupsPerHour) throw new DomainError('rate_limited');
  }

  /** `countMiss`: an unknown UID counts as a lookup (a transfer must not probe UIDs for free). */
  async function recipientFor(senderId: string, rawUid: string, opts: { countMiss?: boolean } = {}) {
    const uid = normalizeUid(rawUid);
    if (uid === '') throw new DomainError('transfer_uid_required');
    const recipient = await payeeByUid(uid);
    if (!recipient) {
      if (opts.countMiss) await countLookup(senderId);
      throw new DomainError('recipient_not_found');
    }
    if (recipient.user_id === senderId) throw new DomainError('transfer_to_self');
    return recipient;
  }

  return {
    /** Lets the sender check the payee before confirming, without revealing the full name. */
    async lookupRecipient(senderId: string, uid: string) {
      await countLookup(senderId);
      const recipient = await recipientFor(senderId, uid);
      return { uid: recipient.uid, maskedName: maskName(recipient.full_name) };
    },

    async transfer(
      senderId: string,
      input: { recipientUid: string; amount: string },
      idempotencyKey?: string,
    ): Promise<TransferResult> {
      const amount = requireAmount(input.amount);
      // A transfer that finds its payee costs money and leaves a trail; one that does not counts
      // against the lookup cap, or transfers would walk the UID space where lookups cannot.
      const recipient = await recipientFor(senderId, input.recipientUid, { countMiss: true });
      try {
        const now = clock.now();
        const id = timeOrderedId();
        const txId = timeOrderedId();
        const result = await movements.apply<TransferResult>(
          { userId: senderId, key: idempotencyKey, request: ['transfer', recipient.user_id, amount] },
          {
            money: {
              txId,
              type: 'transfer',
              userId: senderId,
              createdBy: senderId,
              postings: transferPostings(senderId, recipient.user_id, amount),
              ref: { type: 'internal_transfer', id },
            },
            steps: [
              notFrozen(senderId),
              emailVerified(senderId),
              // A credited payment out of the chain holds the sender's money in (decision 058).
              noChainHold(senderId, 'transfers_held_chain'),
              // Nothing reaches an account whose closure is asked (decision 039).
              notClosing(recipient.user_id, 'recipient_account_closing'),
              insert('internal_transfer', {
                id,
                sender_id: senderId,
                recipient_id: recipient.user_id,
                recipient_uid: recipient.uid,
                amount_cents: amount,
                status: 'completed',
                tx_id: txId,
                created_at: now.toISOString(),
              }),
            ],
            respond: (balanceAfter) => ({
              id,
              amount: toDecimalString(amount),
              recipient: { uid: recipient.uid, fullName: recipient.full_name },
              balance: balanceAfter({ owner: senderId, kind: 'available' }),
              createdAt: now.toISOString(),
            }),
          },
          now,
        );
        deps.notify?.userChanged(senderId, 'balance');
        deps.notify?.userChanged(recipient.user_id, 'balance');
        return result;
      } catch (err) {
        if (err instanceof InsufficientFunds) throw new DomainError('transfer_insufficient_balance');
        throw err;
      }
    },
  };
}
