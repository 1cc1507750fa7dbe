import type { ErrorCode, ErrorParams } from '../../../core/errors';
import type { Step } from '../ledger/plan';

/**
 * The closure guard (decision 039), the one money check of closure: once a person has asked to
 * close their account, no money comes in (no deposit credited, no new investment, no incoming
 * transfer), checked in the movement's own transaction. Money going out (withdrawals, outgoing
 * transfers, stopping an investment) does not carry it: that is how the account empties.
 *
 * `filedBefore`: a request filed before the closure was asked (a deposit already sent and under
 * review) may still land; the closure then waits for the payout of it.
 *
 * Codes: the person hears `account_closing` (with `context: 'closed'` once closed), a sender
 * `recipient_account_closing`, an operator `user_account_closing`.
 */
export const notClosing = (userId: string, code: ErrorCode = 'account_closing', filedBefore?: string): Step => ({
  do: 'forbid',
  table: 'account_closure',
  where: filedBefore ? { user_id: userId, requested_at: { lt: filedBefore } } : { user_id: userId },
  refuse: { code, detail: 'state', params: (state): ErrorParams => (state === 'closed' ? { context: 'closed' } : {}) },
});
