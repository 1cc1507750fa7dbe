import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../core/errors';
import { fromNodeHeaders } from 'better-auth/node';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { enqueueEmail } from '../notifications/outbox';
import { createAccountsService, type AccountsService } from './accounts.service';
import { registerAccountRoutes } from './accounts.routes';
import { createAuth, type Auth } from './auth';
import { createRateLimiter, type RateLimiter } from './ratelimit';
import { createAccountSecurity, type AccountSecurity } from './security.service';
import { createSignInThrottle, type SignInThrottle } from './signin-throttle';
import { createSessionResolver } from './session-resolver';
import type { SessionResolver } from '../../http/auth';
import { createSessionService, type SessionService } from './session.service';
import { accountTrail } from './accounts.trail';

/**
 * The only better-auth endpoints reachable from outside: signing out, and the password-reset link
 * of the e-mail (better-auth checks the token and sends the browser to our /reset-password page).
 * Everything else — sign-in, sessions, two-factor, passwords — goes through our own /api/accounts
 * routes, which apply our rate limits and rules; better-auth's admin plugin endpoints (impersonate,
 * set password, remove user…) are never exposed: an operator reviews requests, nothing more.
 */
const forwardedAuthPaths: Array<[method: 'GET' | 'POST', path: RegExp]> = [
  ['POST', /^\/api\/auth\/sign-out$/],
  ['GET', /^\/api\/auth\/reset-password\/[^/]+$/],
];

export interface Accounts {
  auth: Auth;
  accounts: AccountsService;
  sessions: SessionService;
  limiter: RateLimiter;
  throttle: SignInThrottle;
  security: AccountSecurity;
  /** Who is signed in, for every request that needs it (built once: its statements are compiled once). */
  resolveSession: SessionResolver;
}

export function createAccounts(ctx: AppContext): Accounts {
  const auth = createAuth(ctx.config, ctx.db, ctx.dialect, {
    sendResetPassword: async ({ userId, email, url }) => {
      const locale = await accounts.localeOf(userId);
      await enqueueEmail(ctx.db, {
        userId,
        to: email,
        template: 'password_reset',
        locale,
        params: { url },
        now: ctx.clock.now(),
      });
    },
    onPasswordReset: async (userId) => security.passwordChanged(userId),
  });
  const security = createAccountSecurity(ctx);
  const accounts = createAccountsService(ctx, { auth, security });
  const limiter = createRateLimiter(ctx.db, ctx.clock, ctx.config.authLimitFactor);
  const throttle = createSignInThrottle({
    db: ctx.db,
    clock: ctx.clock,
    secret: ctx.config.authSecret,
    brakeAddresses: ctx.config.limits.loginBrakeAddresses,
  });
  const sessions = createSessionService({
    auth,
    db: ctx.db,
    limiter,
    throttle,
    security,
    publicUrl: ctx.config.publicUrl,
  });
  const resolveSession = createSessionResolver(auth, ctx.dbh);
  return { auth, accounts, sessions, limiter, throttle, security, resolveSession };
}

/** Mounts better-auth under /api/auth/*, our account routes, and the session resolver used by requireUser. */
export async function registerAccounts(app: FastifyInstance, ctx: AppContext, deps: Accounts): Promise<void> {
  const { auth } = deps;

  app.decorate('resolveSession', deps.resolveSession);

  // Every /api/admin/* route checks the role before anything else (even body validation), whether
  // or not its own hook does too; the session found here is reused by that hook.
  // A callback hook: the other requests pay no promise for it.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (!url.startsWith('/api/admin')) return done();
    const path = url.split('?')[0]!;
    if (path !== '/api/admin' && !path.startsWith('/api/admin/')) return done();
    requireAdmin(request, reply).then(() => done(), done);
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (!forwardedAuthPaths.some(([method, re]) => method === request.method && re.test(path)))
        throw new DomainError('not_found');
      const headers = fromNodeHeaders(request.headers);
      headers.delete('content-length');
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(new URL(request.url, ctx.config.publicUrl), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });

  // The signup page shows the terms PDF in a frame: only those files may be framed, by our own pages.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/terms/') && request.url.endsWith('.pdf')) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    }
    done(null, payload);
  });

  await registerAccountRoutes(
    app,
    { ...deps, trail: accountTrail(ctx, deps.accounts) },
    ctx.config.publicUrl,
    ctx.config.secureCookies,
  );
}
