import { DomainError, type ErrorCode } from '../../../core/errors';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/index';
import type { Auth } from './auth';
import type { RateLimiter } from './ratelimit';
import { DEVICE_COOKIE, type AccountSecurity } from './security.service';
import { findCredential, findCredentialById } from './security.repo';
import type { SignInThrottle } from './signin-throttle';

/** The cookie an opened unlock link leaves in the owner's browser. */
export const UNLOCK_COOKIE = 'atlas.unlock';

/** What a route hands over: the caller's headers, cookies (parsed by @fastify/cookie) and IP; what it gets back: cookies to set. */
export interface Caller {
  headers: Headers;
  cookies: Record<string, string | undefined>;
  ip: string;
}

export interface AuthResult<T> {
  data: T;
  setCookies: string[];
}

type Endpoint = (input: {
  body?: unknown;
  query?: unknown;
  headers: Headers;
  returnHeaders: true;
}) => Promise<{ headers: Headers; response: unknown }>;

/** better-auth's failures, by its code, to ours. */
const authCodes: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  INVALID_PASSWORD: 'wrong_password',
  INVALID_TOKEN: 'reset_link_invalid',
  INVALID_CODE: 'invalid_two_factor_code',
  INVALID_BACKUP_CODE: 'invalid_two_factor_code',
  INVALID_TWO_FACTOR_COOKIE: 'unauthorized',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'rate_limited',
  PASSWORD_TOO_SHORT: 'password_too_short',
};

function toDomain(err: unknown): unknown {
  const e = err as { statusCode?: number; body?: { code?: string } } | null;
  if (!e || typeof e.statusCode !== 'number') return err;
  const mapped = e.body?.code ? authCodes[e.body.code] : undefined;
  if (mapped) return new DomainError(mapped);
  if (e.statusCode === 401) return new DomainError('unauthorized');
  if (e.statusCode === 403) return new DomainError('forbidden');
  if (e.statusCode === 429) return new DomainError('rate_limited');
  if (e.statusCode === 404) return new DomainError('not_found');
  if (e.statusCode === 400) return new DomainError('validation_failed');
  return err;
}

/** Sign-in, sessions, passwords and two-factor, through better-auth's own endpoints. */
export function createSessionService(deps: {
  auth: Auth;
  db: Db;
  limiter: RateLimiter;
  throttle: SignInThrottle;
  security: AccountSecurity;
  publicUrl: string;
}) {
  const { auth, db, limiter, throttle, security, publicUrl } = deps;

  async function call<T>(name: string, caller: Caller, body?: unknown): Promise<AuthResult<T>> {
    const endpoint = (auth.api as unknown as Record<string, Endpoint>)[name]!;
    try {
      const { headers, response } = await endpoint({ body, headers: caller.headers, returnHeaders: true });
      return { data: response as T, setCookies: headers.getSetCookie() };
    } catch (err) {
      throw toDomain(err);
    }
  }

  let dummyHash: Promise<string> | undefined;

  /** A hash of a password nobody knows, checked when the address has no account (same cost as a real one). */
  async function dummy(): Promise<string> {
    dummyHash ??= auth.$context.then((c) => c.password.hash(randomBytes(16).toString('hex')));
    return dummyHash;
  }

  /** The brake just engaged on an existing account: its owner gets the link that lets their browser through. */
  async function onBrake(userId: string, account: string): Promise<void> {
    await security.sendBrakeLink(
      userId,
      `${publicUrl}/api/accounts/sign-in/unlock?token=${encodeURIComponent(throttle.unlockToken(account))}`,
    );
  }

  return {
    /**
     * Password sign-in that reveals nothing: whether the address exists, is an operator or not, a
     * failure costs one password-hash check and gives `invalid_credentials`. `adminOnly` refuses
     * non-operators the same way. Throttling is per (account, address) with an account-wide brake
     * (SignInThrottle); the right password from this address clears this address's failures.
     */
    async login(
      caller: Caller,
      email: string,
      password: string,
      opts: { adminOnly?: boolean; remember?: boolean } = {},
    ) {
      if (!email.trim() || !password) throw new DomainError('login_fields_required');
      const account = email.trim().toLowerCase();
      await limiter.attempt('login', caller.ip);
      await throttle.check(account, caller.ip, caller.cookies[UNLOCK_COOKIE]);
      const user = await findCredential(db, account);
      const ctx = await auth.$context;
      const passwordOk = await ctx.password
        .verify({ hash: user?.hash ?? (await dummy()), password })
        .catch(() => false);
      if (!user?.hash || !passwordOk || (opts.adminOnly && user.role !== 'admin')) {
        if ((await throttle.fail(account, caller.ip)) && user) await onBrake(user.id, account);
        throw new DomainError('invalid_credentials');
      }
      const result = await call<{ twoFactorRedirect?: boolean }>('signInEmail', caller, {
        email: account,
        password,
        rememberMe: opts.remember ?? true,
      });
      await throttle.succeed(account, caller.ip);
      const device = await security.noteSignIn(
        user.id,
        caller.cookies[DEVICE_COOKIE],
        caller.ip,
        caller.headers.get('user-agent') ?? undefined,
      );
      return {
        ...result,
        setCookies: [...result.setCookies, ...device],
        data: { twoFactorRequired: result.data?.twoFactorRedirect === true },
      };
    },

    /** The second step of a sign-in with two-factor: a TOTP code or a recovery code. */
    async verifyTwoFactor(caller: Caller, input: { code: string; recovery?: boolean; trustDevice?: boolean }) {
      await limiter.attempt('two_factor', caller.ip);
      const code = input.code.replace(/\s+/g, '');
      if (!code) throw new DomainError('invalid_two_factor_code');
      return input.recovery
        ? call('verifyBackupCode', caller, { code, trustDevice: input.trustDevice ?? false })
        : call('verifyTOTP', caller, { code, trustDevice: input.trustDevice ?? false });
    },

    /**
     * Re-authentication before a sensitive action (a data export): the password again, and the
     * authenticator's code when two-factor is on. Failures count per person and per address
     * (`reauth` limits), so that a stolen session cannot try passwords at leisure.
     */
    async confirmIdentity(caller: Caller, userId: string, input: { password: string; code?: string }) {
      await limiter.attempt('reauth', caller.ip, userId);
      const credential = await findCredentialById(db, userId);
      const ctx = await auth.$context;
      const passwordOk = await ctx.password
        .verify({ hash: credential?.hash ?? (await dummy()), password: input.password })
        .catch(() => false);
      if (!credential?.hash || !passwordOk) {
        await limiter.charge('reauth', userId);
        throw new DomainError('wrong_password');
      }
      if (credential.twoFactorEnabled === true || credential.twoFactorEnabled === 1) {
        const code = (input.code ?? '').replace(/\s+/g, '');
        if (!code) throw new DomainError('two_factor_code_required');
        try {
          await call('verifyTOTP', caller, { code });
        } catch (err) {
          await limiter.charge('reauth', userId);
          throw err;
        }
      }
      await limiter.clear('reauth', userId);
    },

    async logout(caller: Caller) {
      return call('signOut', caller);
    },

    async listSessions(caller: Caller, currentToken: string) {
      const { data } = await call<
        Array<{
          id: string;
          token: string;
          createdAt: Date | string;
          updatedAt: Date | string;
          expiresAt: Date | string;
          ipAddress?: string | null;
          userAgent?: string | null;
        }>
      >('listSessions', caller);
      return data
        .map((s) => ({
          id: s.id,
          createdAt: new Date(s.createdAt).toISOString(),
          lastSeenAt: new Date(s.updatedAt).toISOString(),
          expiresAt: new Date(s.expiresAt).toISOString(),
          ipAddress: s.ipAddress ?? null,
          userAgent: s.userAgent ?? null,
          current: s.token === currentToken,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
    },

    async signOutOthers(caller: Caller) {
      return call('revokeOtherSessions', caller);
    },

    async signOutEverywhere(caller: Caller) {
      return call('revokeSessions', caller);
    },

    async changePassword(caller: Caller, currentPassword: string, newPassword: string) {
      return call('changePassword', caller, { currentPassword, newPassword, revokeOtherSessions: true });
    },

    /** Always answers the same, whether or not the address has an account. */
    async forgotPassword(caller: Caller, email: string, redirectTo: string) {
      const account = email.trim().toLowerCase();
      if (!account) throw new DomainError('fields_required');
      await limiter.attempt('reset', caller.ip, account);
      await limiter.charge('reset', account);
      await call('requestPasswordReset', caller, { email: account, redirectTo });
    },

    async resetPassword(caller: Caller, token: string, newPassword: string) {
      await limiter.attempt('reset', caller.ip);
      return call('resetPassword', caller, { token, newPassword });
    },

    async enableTwoFactor(caller: Caller, password: string) {
      return call<{ totpURI: string; backupCodes: string[] }>('enableTwoFactor', caller, { password });
    },

    /** Confirms the authenticator app with a first code; two-factor is on from then. */
    async confirmTwoFactor(caller: Caller, code: string) {
      await limiter.attempt('two_factor', caller.ip);
      return call('verifyTOTP', caller, { code: code.replace(/\s+/g, '') });
    },

    async disableTwoFactor(caller: Caller, password: string) {
      return call('disableTwoFactor', caller, { password });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
