import type { AppContext } from '../../context';
import type { Accounts } from './accounts.module';
import { passwordHashOf } from './security.repo';

/**
 * Re-authentication before a sensitive step (closing the account): the person's own password,
 * checked against their credential, under the sign-in attempt limit of the caller's address.
 */
export function createPasswordCheck(ctx: AppContext, accounts: Pick<Accounts, 'auth' | 'limiter'>) {
  return async (userId: string, password: string, ip: string): Promise<boolean> => {
    await accounts.limiter.attempt('login', ip);
    const hash = await passwordHashOf(ctx.db, userId);
    if (!hash) return false;
    const auth = await accounts.auth.$context;
    return auth.password.verify({ hash, password }).catch(() => false);
  };
}
