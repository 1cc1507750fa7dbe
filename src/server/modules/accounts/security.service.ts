import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../core/errors';
import { securityHoldHoursLeft } from '../../../core/locks';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { enqueueEmail, type TemplateName, type TemplateParams } from '../notifications/outbox';
import { hitCounter } from './ratelimit.repo';
import * as repo from './security.repo';

export const VERIFY_LINK_TTL_MS = 3 * 24 * 3_600_000;
export const VERIFY_RESENDS_PER_HOUR = 5;
export const DEVICE_COOKIE = 'atlas.device';
const DEVICE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Verified e-mail and security e-mails (decision 017): the confirmation link, the notices of a
 * new device, a password or two-factor change, and the 24-hour withdrawal hold after a password change.
 */
export function createAccountSecurity(ctx: AppContext) {
  function sign(purpose: string, ...parts: string[]): string {
    return createHmac('sha256', ctx.config.authSecret)
      .update([purpose, ...parts].join('\n'))
      .digest('base64url');
  }

  async function mail<T extends TemplateName>(
    userId: string,
    template: T,
    params: TemplateParams[T],
    db: Db | Transaction<Database> = ctx.db,
  ): Promise<void> {
    const who = await repo.findContact(db, userId);
    if (who)
      await enqueueEmail(db, { userId, to: who.email, template, locale: who.locale, params, now: ctx.clock.now() });
  }

  /** A link bound to the user and to the address it was sent to: changing the address voids it. */
  function verificationUrl(userId: string, email: string): string {
    const exp = ctx.clock.now().getTime() + VERIFY_LINK_TTL_MS;
    const token = `${userId}.${exp}.${sign('email-verify', userId, email, String(exp))}`;
    return `${ctx.config.publicUrl}/api/accounts/verify-email?token=${encodeURIComponent(token)}`;
  }

  async function isVerified(userId: string): Promise<boolean> {
    return (await repo.findContact(ctx.db, userId))?.verified === true;
  }

  return {
    verificationUrl,
    isVerified,

    /** The signup's confirmation e-mail, in the transaction that creates the account. */
    async queueVerification(
      trx: Transaction<Database>,
      to: { userId: string; email: string; locale: string },
    ): Promise<void> {
      await enqueueEmail(trx, {
        userId: to.userId,
        to: to.email,
        template: 'email_verification',
        locale: to.locale,
        params: { url: verificationUrl(to.userId, to.email) },
        now: ctx.clock.now(),
      });
    },

    /** The link e-mailed again on request: counted, 5 an hour. */
    async resendVerification(userId: string): Promise<void> {
      const who = await repo.findContact(ctx.db, userId);
      if (!who || who.verified) return;
      if ((await hitCounter(ctx.db, `verify:acct:${userId}`, ctx.clock.now(), 3_600_000)) > VERIFY_RESENDS_PER_HOUR) {
        throw new DomainError('rate_limited');
      }
      await mail(userId, 'email_verification', { url: verificationUrl(userId, who.email) });
    },

    /** Confirms the address of a valid link; answers what the page should say. */
    async verifyEmail(token: string): Promise<'verified' | 'expired' | 'invalid'> {
      const [userId, exp, sig] = token.split('.');
      if (!userId || !exp || !sig || !/^\d{1,15}$/.test(exp)) return 'invalid';
      const who = await repo.findContact(ctx.db, userId);
      if (!who) return 'invalid';
      const expected = Buffer.from(sign('email-verify', userId, who.email, exp));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      if (ctx.clock.now().getTime() >= Number(exp)) return 'expired';
      if (!who.verified) await repo.markEmailVerified(ctx.db, ctx.dialect, userId, ctx.clock.now());
      return 'verified';
    },

    /** For accounts whose address is known good without a link (demo seeding). */
    async markVerified(userId: string): Promise<void> {
      await repo.markEmailVerified(ctx.db, ctx.dialect, userId, ctx.clock.now());
    },

    async requireVerified(userId: string): Promise<void> {
      if (!(await isVerified(userId))) throw new DomainError('email_not_verified');
    },

    /**
     * Called after the right password: remembers this browser (a random id in a long-lived cookie,
     * stored hashed) and e-mails the owner when an account that knew other devices meets a new one.
     * Returns the cookie to set when the browser had none.
     */
    async noteSignIn(
      userId: string,
      deviceCookie: string | undefined,
      ip: string,
      userAgent: string | undefined,
    ): Promise<string[]> {
      const device =
        deviceCookie && DEVICE_PATTERN.test(deviceCookie) ? deviceCookie : randomBytes(32).toString('base64url');
      const now = ctx.clock.now();
      const seen = await repo.rememberDevice(
        ctx.db,
        userId,
        createHash('sha256').update(device).digest('base64url'),
        now,
      );
      if (seen === 'new')
        await mail(userId, 'new_sign_in', {
          at: now.toISOString(),
          ip,
          device: (userAgent ?? '').slice(0, 200) || '?',
        });
      if (deviceCookie === device) return [];
      const secure = ctx.config.secureCookies ? '; Secure' : '';
      return [`${DEVICE_COOKIE}=${device}; Path=/; Max-Age=${400 * 86_400}; HttpOnly; SameSite=Lax${secure}`];
    },

    async passwordChanged(userId: string): Promise<void> {
      const now = ctx.clock.now();
      await ctx.db.transaction().execute(async (trx) => {
        await repo.setPasswordChangedAt(trx, userId, now);
        await mail(userId, 'password_changed', { at: now.toISOString() }, trx);
      });
    },

    async sendBrakeLink(userId: string, url: string): Promise<void> {
      await mail(userId, 'sign_in_brake', { url });
    },

    /** Turning the second factor off holds withdrawals for 24 h, as a password change does. */
    async twoFactorChanged(userId: string, on: boolean): Promise<void> {
      const now = ctx.clock.now();
      if (on) return mail(userId, 'two_factor_enabled', { at: now.toISOString() });
      await ctx.db.transaction().execute(async (trx) => {
        await repo.setSecondFactorRemovedAt(trx, userId, now);
        await mail(userId, 'two_factor_disabled', { at: now.toISOString() }, trx);
      });
    },

    /** Hours left of the withdrawal holds after a password change and after the second factor was turned off. */
    async securityHoldsHoursLeft(userId: string): Promise<{ password: number; secondFactor: number }> {
      const changes = await repo.findSecurityChanges(ctx.db, userId);
      const now = ctx.clock.now();
      return {
        password: securityHoldHoursLeft(changes.passwordChangedAt, now),
        secondFactor: securityHoldHoursLeft(changes.secondFactorRemovedAt, now),
      };
    },
  };
}

export type AccountSecurity = ReturnType<typeof createAccountSecurity>;
