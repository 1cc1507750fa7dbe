import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../core/errors';
import type { Clock } from '../../../core/clock';
import type { Db } from '../../db/index';
import { clearPair, failingAddresses, findPair, recordFailure } from './signin-throttle.repo';

const MINUTE = 60_000;
export const SIGN_IN_WINDOW_MS = 15 * MINUTE;
/** Failures from one address that cost nothing; after them each failure doubles the wait, up to the window. */
export const FREE_FAILURES = 3;
export const UNLOCK_LINK_TTL_MS = 24 * 60 * MINUTE;

/** The wait after `failures` failures from one address on one account. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_FAILURES), SIGN_IN_WINDOW_MS);
}

/**
 * The wait left `sinceLastMs` after the last of `failures` failures. If the clock stepped backwards
 * the last failure lies in the future: up to a window ahead it counts as just now (so the wait never
 * exceeds the delay, a few minutes at most, nor grows by the step); further ahead it is stale.
 */
export function waitAfter(failures: number, sinceLastMs: number): number {
  if (sinceLastMs < -SIGN_IN_WINDOW_MS || sinceLastMs >= SIGN_IN_WINDOW_MS) return 0;
  return Math.max(0, delayAfter(failures) - Math.max(0, sinceLastMs));
}

/**
 * Sign-in throttling that an attacker cannot turn against the owner (decision 017):
 * - failures count per (account, source address), with growing waits: wrong passwords from one
 *   address slow that address only, never the owner elsewhere;
 * - the account-wide brake needs failures from `brakeAddresses` different addresses within the
 *   window (a distributed guess), and the owner then gets a link that lets their browser through.
 * Counters are keyed by the e-mail as typed, whether or not an account has it.
 */
export function createSignInThrottle(deps: { db: Db; clock: Clock; secret: string; brakeAddresses: number }) {
  const { db, clock, secret, brakeAddresses } = deps;

  async function braked(account: string, now: Date): Promise<boolean> {
    return (
      (await failingAddresses(
        db,
        account,
        new Date(now.getTime() - SIGN_IN_WINDOW_MS),
        new Date(now.getTime() + SIGN_IN_WINDOW_MS),
      )) >= brakeAddresses
    );
  }

  function sign(account: string, exp: number): string {
    return createHmac('sha256', secret).update(`sign-in-unlock\n${account}\n${exp}`).digest('base64url');
  }

  /** Whether a token is ours, unexpired, and for this account. */
  function unlocks(token: string | undefined, account: string): boolean {
    const parts = token?.split('.');
    if (!parts || parts.length !== 3 || !/^\d{1,15}$/.test(parts[1]!)) return false;
    // Exactly as issued: decoding alone would skip stray characters (a CR LF, a `;`) that the
    // token then carries into the cookie it is put in.
    if (parts[0] !== Buffer.from(account).toString('base64url')) return false;
    const exp = Number(parts[1]);
    const expected = Buffer.from(sign(account, exp));
    const given = Buffer.from(parts[2]!);
    return given.length === expected.length && timingSafeEqual(given, expected) && clock.now().getTime() < exp;
  }

  return {
    unlocks,

    /** Refuses (429) while this address must wait, or while the brake holds and no unlock link was opened here. */
    async check(account: string, ip: string, unlockToken?: string): Promise<void> {
      const now = clock.now();
      const pair = await findPair(db, account, ip);
      if (pair) {
        const wait = waitAfter(Number(pair.failures), now.getTime() - new Date(pair.last_at).getTime());
        if (wait > 0) throw new DomainError('rate_limited', { retryAfterSeconds: Math.ceil(wait / 1000) });
      }
      if ((await braked(account, now)) && !unlocks(unlockToken, account)) throw new DomainError('rate_limited');
    },

    /** Counts a failure; true when this one engaged the account-wide brake (the owner is told once). */
    async fail(account: string, ip: string): Promise<boolean> {
      const now = clock.now();
      const wasBraked = await braked(account, now);
      await recordFailure(db, account, ip, now, SIGN_IN_WINDOW_MS);
      return !wasBraked && (await braked(account, now));
    },

    /** The right password from this address: its failures are forgotten (other addresses' stay). */
    async succeed(account: string, ip: string): Promise<void> {
      await clearPair(db, account, ip);
    },

    /** The token of the e-mailed link; opening it puts it in a cookie of the owner's browser. */
    unlockToken(account: string): string {
      const exp = clock.now().getTime() + UNLOCK_LINK_TTL_MS;
      const who = Buffer.from(account).toString('base64url');
      return `${who}.${exp}.${sign(account, exp)}`;
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** The account a well-formed unlock token names (checked with `unlocks` before use). */
export function unlockTokenAccount(token: string): string {
  return Buffer.from(token.split('.')[0] ?? '', 'base64url').toString();
}
