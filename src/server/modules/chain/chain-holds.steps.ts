import type { Step } from '../ledger/plan';

/**
 * No money leaves a person while a payment credited to them is out of the best chain and no
 * operator has released its hold (decision 058): checked in the withdrawal's own transaction, in
 * an operator's approval of a withdrawal already pending, and in an internal transfer (another
 * person's balance is a way out too). The hold is written by the chain
 * watcher in its own transaction; whichever commits first decides, and a withdrawal that got in
 * before the hold still waits for an approval this step refuses.
 */
export const noChainHold = (
  userId: string,
  code: 'withdrawals_held_chain' | 'transfers_held_chain' = 'withdrawals_held_chain',
): Step => ({
  do: 'forbid',
  table: 'chain_hold',
  where: { user_id: userId, released_at: { is: null } },
  refuse: { code },
});
