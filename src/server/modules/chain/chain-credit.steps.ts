import type { Step } from '../ledger/plan';

/**
 * The approval of a deposit made from a chain payment (decision 059), in its own transaction:
 * - `confirmed`: its payment must still be confirmed, for a first approval of two as for the one
 *   that credits (a block that left the best chain since refuses it, whoever approves);
 * - `credited`: the approval that moves the money marks the payment credited, so that a later
 *   reorganisation raises a hold on that person's withdrawals (decision 055).
 */
export function chainPaymentCredited(depositId: string) {
  return {
    confirmed: [
      {
        do: 'require',
        table: 'chain_payment',
        where: { deposit_id: depositId, state: 'confirmed' },
        lock: true,
        refuse: { code: 'chain_payment_not_confirmed' },
      },
    ] satisfies Step[] as Step[],
    credited: (at: Date): Step[] => [
      {
        do: 'update',
        table: 'chain_payment',
        set: { credited_at: at.toISOString() },
        where: { deposit_id: depositId },
        refuse: { code: 'chain_payment_not_confirmed' },
      },
    ],
  };
}
