import { DomainError } from '../../../core/errors';
import type { Queryable } from '../ledger/ledger.repo';
import { findFreeze } from './freeze.repo';

/**
 * A frozen account sends nothing out: no transfer, no withdrawal request, no new investment.
 * Called at the start of those operations (deposits are still accepted).
 */
export async function assertNotFrozen(q: Queryable, userId: string): Promise<void> {
  if (await findFreeze(q, userId)) throw new DomainError('account_frozen');
}

export async function isFrozen(q: Queryable, userId: string): Promise<boolean> {
  return (await findFreeze(q, userId)) !== undefined;
}
