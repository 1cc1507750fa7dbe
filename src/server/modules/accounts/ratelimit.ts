import { DomainError } from '../../../core/errors';
import type { Clock } from '../../../core/clock';
import type { Db } from '../../db/index';
import { clearCounter, hitCounter, peekCounter } from './ratelimit.repo';

export type LimitedAction = 'login' | 'signup' | 'reset' | 'two_factor' | 'reauth';

const MINUTE = 60_000;

/**
 * Per IP: every attempt counts. Per account: only failures count, and a success clears them.
 * Sign-in failures are not counted here but per (account, address) by SignInThrottle (decision
 * 017), so that nobody can lock an owner out; `login.perAccountFailures` is unused.
 */
export const LIMITS: Record<LimitedAction, { perIp: number; perAccountFailures: number; windowMs: number }> = {
  login: { perIp: 30, perAccountFailures: 5, windowMs: 15 * MINUTE },
  signup: { perIp: 10, perAccountFailures: 10, windowMs: 60 * MINUTE },
  reset: { perIp: 10, perAccountFailures: 3, windowMs: 60 * MINUTE },
  two_factor: { perIp: 30, perAccountFailures: 5, windowMs: 15 * MINUTE },
  /** Confirming one's password (and code) again before a sensitive action, e.g. a data export. */
  reauth: { perIp: 30, perAccountFailures: 5, windowMs: 15 * MINUTE },
};

export function createRateLimiter(db: Db, clock: Clock, ipFactor = 1) {
  return {
    /** Counts this attempt from `ip`, and refuses when the IP or the account is over its limit. */
    async attempt(action: LimitedAction, ip: string, account?: string): Promise<void> {
      const limit = LIMITS[action];
      const now = clock.now();
      const ipHits = await hitCounter(db, `${action}:ip:${ip}`, now, limit.windowMs);
      if (ipHits > limit.perIp * ipFactor) throw new DomainError('rate_limited');
      if (
        account &&
        (await peekCounter(db, accountKey(action, account), now, limit.windowMs)) >= limit.perAccountFailures
      ) {
        throw new DomainError('rate_limited');
      }
    },

    /** A request that counts against the account (a wrong password, a reset e-mail sent). */
    async charge(action: LimitedAction, account: string): Promise<void> {
      await hitCounter(db, accountKey(action, account), clock.now(), LIMITS[action].windowMs);
    },

    async clear(action: LimitedAction, account: string): Promise<void> {
      await clearCounter(db, accountKey(action, account));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

const accountKey = (action: LimitedAction, account: string) => `${action}:acct:${account.trim().toLowerCase()}`;
