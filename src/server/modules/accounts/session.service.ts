import { DomainError, type ErrorCode } from '../../../core/errors';
import type { AccountsService } from './accounts.service';
import type { Auth } from './auth';
import type { RateLimiter } from './ratelimit';

/** What a route hands over: the caller's headers and IP; what it gets back: cookies to set. */
export interface Caller {
  headers: Headers;
  ip: string;
}

export interface AuthResult<T> {
  data: T;
  setCookies: string[];
}

type Endpoint = (input: { body?: unknown; query?: unknown; headers: Headers; returnHeaders: true }) => Promise<{ headers: Headers; response: unknown }>;

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
export class SessionService {
  constructor(
    private readonly auth: Auth,
    private readonly accounts: AccountsService,
    private readonly limiter: RateLimiter,
  ) {}

  private async call<T>(name: string, caller: Caller, body?: unknown): Promise<AuthResult<T>> {
    const endpoint = (this.auth.api as unknown as Record<string, Endpoint>)[name]!;
    try {
      const { headers, response } = await endpoint({ body, headers: caller.headers, returnHeaders: true });
      return { data: response as T, setCookies: headers.getSetCookie() };
    } catch (err) {
      throw toDomain(err);
    }
  }

  /** Password sign-in; `adminOnly` refuses non-operators with the same message as a wrong password. */
  async login(caller: Caller, email: string, password: string, opts: { adminOnly?: boolean; remember?: boolean } = {}) {
    if (!email.trim() || !password) throw new DomainError('login_fields_required');
    const account = email.trim().toLowerCase();
    await this.limiter.attempt('login', caller.ip, account);
    if (opts.adminOnly) {
      const user = await this.accounts.findUserByEmail(account);
      if (user?.role !== 'admin') {
        await this.limiter.charge('login', account);
        throw new DomainError('invalid_credentials');
      }
    }
    try {
      const result = await this.call<{ twoFactorRedirect?: boolean }>('signInEmail', caller, { email: account, password, rememberMe: opts.remember ?? true });
      await this.limiter.clear('login', account);
      return { ...result, data: { twoFactorRequired: result.data?.twoFactorRedirect === true } };
    } catch (err) {
      if (err instanceof DomainError && err.code === 'invalid_credentials') await this.limiter.charge('login', account);
      throw err;
    }
  }

  /** The second step of a sign-in with two-factor: a TOTP code or a recovery code. */
  async verifyTwoFactor(caller: Caller, input: { code: string; recovery?: boolean; trustDevice?: boolean }) {
    await this.limiter.attempt('two_factor', caller.ip);
    const code = input.code.replace(/\s+/g, '');
    if (!code) throw new DomainError('invalid_two_factor_code');
    return input.recovery
      ? this.call('verifyBackupCode', caller, { code, trustDevice: input.trustDevice ?? false })
      : this.call('verifyTOTP', caller, { code, trustDevice: input.trustDevice ?? false });
  }

  async logout(caller: Caller) {
    return this.call('signOut', caller);
  }

  async listSessions(caller: Caller, currentToken: string) {
    const { data } = await this.call<Array<{ id: string; token: string; createdAt: Date | string; updatedAt: Date | string; expiresAt: Date | string; ipAddress?: string | null; userAgent?: string | null }>>('listSessions', caller);
    return data.map((s) => ({
      id: s.id,
      createdAt: new Date(s.createdAt).toISOString(),
      lastSeenAt: new Date(s.updatedAt).toISOString(),
      expiresAt: new Date(s.expiresAt).toISOString(),
      ipAddress: s.ipAddress ?? null,
      userAgent: s.userAgent ?? null,
      current: s.token === currentToken,
    })).sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  }

  async signOutOthers(caller: Caller) {
    return this.call('revokeOtherSessions', caller);
  }

  async signOutEverywhere(caller: Caller) {
    return this.call('revokeSessions', caller);
  }

  async changePassword(caller: Caller, currentPassword: string, newPassword: string) {
    return this.call('changePassword', caller, { currentPassword, newPassword, revokeOtherSessions: true });
  }

  /** Always answers the same, whether or not the address has an account. */
  async forgotPassword(caller: Caller, email: string, redirectTo: string) {
    const account = email.trim().toLowerCase();
    if (!account) throw new DomainError('fields_required');
    await this.limiter.attempt('reset', caller.ip, account);
    await this.limiter.charge('reset', account);
    await this.call('requestPasswordReset', caller, { email: account, redirectTo });
  }

  async resetPassword(caller: Caller, token: string, newPassword: string) {
    await this.limiter.attempt('reset', caller.ip);
    return this.call('resetPassword', caller, { token, newPassword });
  }

  async enableTwoFactor(caller: Caller, password: string) {
    return this.call<{ totpURI: string; backupCodes: string[] }>('enableTwoFactor', caller, { password });
  }

  /** Confirms the authenticator app with a first code; two-factor is on from then. */
  async confirmTwoFactor(caller: Caller, code: string) {
    await this.limiter.attempt('two_factor', caller.ip);
    return this.call('verifyTOTP', caller, { code: code.replace(/\s+/g, '') });
  }

  async disableTwoFactor(caller: Caller, password: string) {
    return this.call('disableTwoFactor', caller, { password });
  }
}
