import type { ErrorCode } from '../../../core/errors';
import type { Step } from '../ledger/plan';

/**
 * A frozen account sends nothing out (no transfer, withdrawal or new investment): checked in the
 * movement's own transaction. The person hears `account_frozen`; an operator, `user_frozen`.
 */
export const notFrozen = (userId: string, code: ErrorCode = 'account_frozen'): Step => ({
  do: 'forbid',
  table: 'account_freeze',
  where: { user_id: userId },
  refuse: { code },
});
