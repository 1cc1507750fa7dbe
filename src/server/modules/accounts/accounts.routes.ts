import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from './caller';
import { z } from 'zod';
import { DomainError } from '../../../core/errors';
import {
  codeBody,
  forgotPasswordBody,
  localeBody,
  loginBody,
  loginResult,
  ok,
  passwordBody,
  passwordChangeBody,
  resetPasswordBody,
  sessionList,
  signupBody,
  signupResult,
  twoFactorBody,
  twoFactorSetup,
} from '../../../contracts/accounts';
import { meSchema } from '../../../contracts/me';
import { requireUser } from '../../http/auth';
import type { AccountsService } from './accounts.service';
import { text } from '../../../contracts/text';
import type { RateLimiter } from './ratelimit';
import type { AccountSecurity } from './security.service';
import { UNLOCK_COOKIE, type SessionService } from './session.service';
import { unlockTokenAccount, UNLOCK_LINK_TTL_MS, type SignInThrottle } from './signin-throttle';
import type { AccountTrail } from './accounts.trail';

const withCookies = (reply: FastifyReply, cookies: string[]) => {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
};
const tags = ['accounts'];

export async function registerAccountRoutes(
  root: FastifyInstance,
  deps: {
    accounts: AccountsService;
    sessions: SessionService;
    limiter: RateLimiter;
    security: AccountSecurity;
    throttle: SignInThrottle;
    trail: AccountTrail;
  },
  publicUrl: string,
  secureCookies: boolean,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { accounts, sessions, limiter, security, throttle, trail } = deps;

  app.post(
    '/api/accounts/signup',
    { schema: { tags, body: signupBody, response: { 201: signupResult } } },
    async (request, reply) => {
      await limiter.attempt('signup', request.ip);
      const { locale, ...input } = request.body;
      const { uid } = await accounts.signup(input, locale ?? 'fr');
      return reply.status(201).send({ uid });
    },
  );

  const login =
    (adminOnly: boolean) =>
    async (request: FastifyRequest<{ Body: z.infer<typeof loginBody> }>, reply: FastifyReply) => {
      const { email, password, remember } = request.body;
      const result = await trail.signIn(
        request,
        adminOnly ? 'auth.sign_in_operator' : 'auth.sign_in',
        email,
        () => sessions.login(callerOf(request), email, password, { adminOnly, remember }),
        (r) => ({ twoFactorRequired: r.data.twoFactorRequired }),
      );
      withCookies(reply, result.setCookies);
      return result.data;
    };
  app.post('/api/accounts/login', { schema: { tags, body: loginBody, response: { 200: loginResult } } }, login(false));
  app.post(
    '/api/accounts/admin-login',
    { schema: { tags, body: loginBody, response: { 200: loginResult } } },
    login(true),
  );

  app.post(
    '/api/accounts/login/two-factor',
    { schema: { tags, body: twoFactorBody, response: { 200: ok } } },
    async (request, reply) => {
      const result = await trail.of(request, 'auth.sign_in_two_factor', () =>
        sessions.verifyTwoFactor(callerOf(request), request.body),
      );
      withCookies(reply, result.setCookies);
      return { ok: true as const };
    },
  );

  app.post('/api/accounts/logout', { schema: { tags, response: { 200: ok } } }, async (request, reply) => {
    const user = await request.server.resolveSession(request, reply).catch(() => null);
    const result = await sessions.logout(callerOf(request)).catch((err) => {
      // Signing out without a session is already done.
      if (err instanceof DomainError && err.code === 'unauthorized') return { setCookies: [] as string[] };
      throw err;
    });
    if (user) {
      request.user = { id: user.id, isAdmin: user.isAdmin, locale: user.locale, closure: user.closure };
      await trail.of(request, 'auth.sign_out', async () => {});
    }
    withCookies(reply, result.setCookies);
    return { ok: true as const };
  });

  // Asking who is signed in is not an error for a visitor: 200 with null, so public pages load
  // without a failed request in the browser console. Every other personal route answers 401.
  app.get(
    '/api/me',
    {
      schema: {
        tags,
        description: 'The signed-in person, or null for a visitor (no, expired or revoked session).',
        response: { 200: meSchema.nullable() },
      },
    },
    async (request, reply) => {
      const user = await request.server.resolveSession(request, reply);
      return user ? accounts.me(user.id) : null;
    },
  );

  app.patch(
    '/api/me/locale',
    { onRequest: requireUser, schema: { tags, body: localeBody, response: { 200: ok } } },
    async (request) => {
      await accounts.setLocale(request.user!.id, request.body.locale);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/accounts/sessions',
    { onRequest: requireUser, schema: { tags, response: { 200: sessionList } } },
    async (request) => ({
      sessions: await sessions.listSessions(callerOf(request), request.sessionToken!),
    }),
  );

  app.post(
    '/api/accounts/sessions/revoke-others',
    { onRequest: requireUser, schema: { tags, response: { 200: ok } } },
    async (request, reply) => {
      withCookies(
        reply,
        (
          await trail.of(request, 'auth.sessions_revoked', () => sessions.signOutOthers(callerOf(request)), {
            scope: 'others',
          })
        ).setCookies,
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/accounts/sessions/revoke-all',
    { onRequest: requireUser, schema: { tags, response: { 200: ok } } },
    async (request, reply) => {
      await trail.of(request, 'auth.sessions_revoked', () => sessions.signOutEverywhere(callerOf(request)), {
        scope: 'all',
      });
      // This session went too: clear its cookie the same way a sign-out does.
      withCookies(
        reply,
        (await sessions.logout(callerOf(request)).catch(() => ({ setCookies: [] as string[] }))).setCookies,
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/accounts/password',
    { onRequest: requireUser, schema: { tags, body: passwordChangeBody, response: { 200: ok } } },
    async (request, reply) => {
      const { currentPassword, newPassword, confirmPassword } = request.body;
      checkNewPassword(newPassword, confirmPassword, currentPassword);
      withCookies(
        reply,
        (
          await trail.of(request, 'auth.password_changed', () =>
            sessions.changePassword(callerOf(request), currentPassword, newPassword),
          )
        ).setCookies,
      );
      await security.passwordChanged(request.user!.id);
      return { ok: true as const };
    },
  );

  // The link of the confirmation e-mail: a plain GET from the mailbox, answered with the profile page.
  app.get(
    '/api/accounts/verify-email',
    {
      schema: {
        tags,
        summary: 'Confirms the e-mail address of a link, then sends the browser to the profile page',
        querystring: z.object({ token: text(512) }),
      },
    },
    async (request, reply) => {
      const outcome = await security.verifyEmail(request.query.token);
      return reply.redirect(`/profile?email=${outcome}`, 303);
    },
  );

  app.post(
    '/api/accounts/verify-email/resend',
    { onRequest: requireUser, schema: { tags, summary: 'E-mails a new confirmation link', response: { 200: ok } } },
    async (request) => {
      await security.resendVerification(request.user!.id);
      return { ok: true as const };
    },
  );

  // The link of the brake e-mail: lets this browser sign in to that account despite the brake.
  app.get(
    '/api/accounts/sign-in/unlock',
    {
      schema: {
        tags,
        summary: 'Opens the sign-in brake of an account for this browser (link of the e-mail)',
        querystring: z.object({ token: text(1024) }),
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (!throttle.unlocks(token, unlockTokenAccount(token))) return reply.redirect('/login', 303);
      const secure = secureCookies ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${UNLOCK_COOKIE}=${token}; Path=/api/accounts; Max-Age=${UNLOCK_LINK_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
      );
      return reply.redirect('/login', 303);
    },
  );

  app.post(
    '/api/accounts/password/forgot',
    { schema: { tags, body: forgotPasswordBody, response: { 200: ok } } },
    async (request) => {
      await sessions.forgotPassword(callerOf(request), request.body.email, `${publicUrl}/reset-password`);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/accounts/password/reset',
    { schema: { tags, body: resetPasswordBody, response: { 200: ok } } },
    async (request) => {
      const { token, newPassword, confirmPassword } = request.body;
      checkNewPassword(newPassword, confirmPassword);
      await trail.of(request, 'auth.password_reset', () =>
        sessions.resetPassword(callerOf(request), token, newPassword),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/accounts/two-factor/enable',
    { onRequest: requireUser, schema: { tags, body: passwordBody, response: { 200: twoFactorSetup } } },
    async (request) => {
      const { data } = await sessions.enableTwoFactor(callerOf(request), request.body.password);
      return { totpURI: data.totpURI, backupCodes: data.backupCodes };
    },
  );

  app.post(
    '/api/accounts/two-factor/confirm',
    { onRequest: requireUser, schema: { tags, body: codeBody, response: { 200: ok } } },
    async (request, reply) => {
      withCookies(
        reply,
        (
          await trail.of(request, 'auth.two_factor_enabled', () =>
            sessions.confirmTwoFactor(callerOf(request), request.body.code),
          )
        ).setCookies,
      );
      await security.twoFactorChanged(request.user!.id, true);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/accounts/two-factor/disable',
    { onRequest: requireUser, schema: { tags, body: passwordBody, response: { 200: ok } } },
    async (request, reply) => {
      withCookies(
        reply,
        (
          await trail.of(request, 'auth.two_factor_disabled', () =>
            sessions.disableTwoFactor(callerOf(request), request.body.password),
          )
        ).setCookies,
      );
      await security.twoFactorChanged(request.user!.id, false);
      return { ok: true as const };
    },
  );
}

function checkNewPassword(password: string, confirm: string, current?: string): void {
  if (!password || !confirm || current === '') throw new DomainError('fields_required');
  if (password.length < 6) throw new DomainError('password_too_short');
  if (password !== confirm) throw new DomainError('password_mismatch');
}
