import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { admin, twoFactor, username } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Dialect } from '../../db/dialect';
import { allowedOrigins } from '../../http/cross-site';
import { scopeAuthContexts } from './auth-context';
import { passwordHasher } from './password-hash';

export interface AuthHooks {
  /** Called by better-auth when someone asks for a reset link; writes the e-mail to the outbox. */
  sendResetPassword(input: { userId: string; email: string; url: string }): Promise<void>;
  /** A reset link was used: the password changed (withdrawals wait, the owner is told). */
  onPasswordReset(userId: string): Promise<void>;
}

export const SESSION_DAYS = 7;

/**
 * The better-auth options. Its tables are created by our migration 002 (same names and column
 * types as its Kysely adapter expects); better-auth never migrates on its own.
 */
export function authOptions(
  config: Pick<Config, 'authSecret' | 'publicUrl' | 'secureCookies' | 'origins' | 'passwordScryptN'>,
  db: Kysely<any>,
  dialect: Dialect,
  hooks: AuthHooks,
) {
  return {
    appName: 'Atlas Invest',
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    // The same origins as our own guard (decision 027): PUBLIC_URL's, its loopback aliases, and on a
    // non-production run without an explicit PUBLIC_URL the request's own Host. Nothing else may post
    // here nor be a redirect target.
    trustedOrigins: (request?: Request) => allowedOrigins(config.origins, request?.headers.get('host') ?? undefined),
    database: { db, type: dialect, transaction: true },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Our own signup endpoint creates accounts (with the profile, atomically).
      disableSignUp: true,
      password: passwordHasher(config.passwordScryptN),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }: { user: { id: string; email: string }; url: string }) =>
        hooks.sendResetPassword({ userId: user.id, email: user.email, url }),
      onPasswordReset: async ({ user }: { user: { id: string } }) => hooks.onPasswordReset(user.id),
    },
    session: { expiresIn: SESSION_DAYS * 24 * 3600, updateAge: 24 * 3600 },
    // Our limiter (database-backed, per IP and per account) guards the sensitive paths.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth turns both checks off by itself when NODE_ENV=test; no mode of ours may.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.secureCookies,
      cookiePrefix: 'atlas',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies },
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      admin(),
      twoFactor({ issuer: 'Atlas Invest', backupCodeOptions: { amount: 10, length: 10 } }),
    ],
  };
}

export function createAuth(
  config: Pick<Config, 'authSecret' | 'publicUrl' | 'secureCookies' | 'origins' | 'passwordScryptN'>,
  db: Kysely<any>,
  dialect: Dialect,
  hooks: AuthHooks,
) {
  scopeAuthContexts();
  return betterAuth(authOptions(config, db, dialect, hooks));
}

export type Auth = ReturnType<typeof createAuth>;
