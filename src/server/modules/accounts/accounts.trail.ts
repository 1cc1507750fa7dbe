import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../../core/errors';
import type { AppContext } from '../../context';
import { recordAuditQuietly, sourceOf } from '../audit/audit.service';
import type { AccountsService } from './accounts.service';

/**
 * The account events of the audit trail: sign-ins (success and failure), sign-outs, two-factor
 * on and off, password changes and resets, sessions revoked. A trail row never fails the action.
 */
export function accountTrail(ctx: AppContext, accounts: AccountsService) {
  async function write(
    request: FastifyRequest,
    action: string,
    target: { type: string; id: string },
    result: 'ok' | 'failed',
    after: unknown,
    actorId?: string,
  ) {
    await recordAuditQuietly(
      ctx.db,
      { actorId: actorId ?? request.user?.id ?? 'anonymous', action, target, source: sourceOf(request), result, after },
      ctx.clock.now(),
      request.log,
    );
  }
  const failure = (err: unknown) => ({ error: err instanceof DomainError ? err.code : 'error' });

  return {
    /** Runs an action of the signed-in person and records it, succeeded or failed. */
    async of<T>(request: FastifyRequest, action: string, run: () => Promise<T>, after: unknown = null): Promise<T> {
      const target = { type: 'user', id: request.user?.id ?? 'anonymous' };
      try {
        const value = await run();
        await write(request, action, target, 'ok', after);
        return value;
      } catch (err) {
        await write(request, action, target, 'failed', failure(err));
        throw err;
      }
    },

    /** A sign-in by e-mail: the account it was for, if any, is the target (and the actor when it succeeded). */
    async signIn<T>(
      request: FastifyRequest,
      action: string,
      email: string,
      run: () => Promise<T>,
      after: (value: T) => unknown = () => null,
    ): Promise<T> {
      const user = email.trim()
        ? await accounts.findUserByEmail(email.trim().toLowerCase()).catch(() => undefined)
        : undefined;
      const target = user
        ? { type: 'user', id: user.id }
        : { type: 'email', id: email.trim().toLowerCase().slice(0, 320) };
      try {
        const value = await run();
        await write(request, action, target, 'ok', after(value), user?.id);
        return value;
      } catch (err) {
        await write(request, action, target, 'failed', failure(err), 'anonymous');
        throw err;
      }
    },
  };
}

export type AccountTrail = ReturnType<typeof accountTrail>;
