import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type {} from '@fastify/cookie';
import type { RequestUser, SessionResolver } from '../../http/auth';
import type { DbHandle } from '../../db/index';
import type { Auth } from './auth';
import { createSessionLookup, type SessionCaller } from './session.repo';

/**
 * The token of a better-auth signed cookie (`token.base64(HMAC-SHA256(token))`), or null when the
 * signature does not match. Same format as better-call's signed cookies, checked synchronously.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * `verifySignedToken` with its answers kept: a session's cookie carries the same signature on every
 * request, and checking it was 5 % of a transfer's server time. Only good signatures are kept (a forged
 * one is checked every time); a revoked session's entry only says its signature was good, and its
 * row is still read on every request. Bounded: emptied when full.
 */
export function signedTokenReader(secret: string, capacity = 10_000): (value: string) => string | null {
  const checked = new Map<string, string>();
  return (value) => {
    const known = checked.get(value);
    if (known !== undefined) return known;
    const token = verifySignedToken(value, secret);
    if (token !== null) {
      if (checked.size >= capacity) checked.clear();
      checked.set(value, token);
    }
    return token;
  };
}

/**
 * Resolves the caller of a request from the session cookie.
 *
 * Every authenticated request needs this, so the common case (a valid, unexpired session that
 * does not need extending) is one indexed query that also returns the role and language. Every
 * other case — unknown or expired token (better-auth clears the cookie and the row), a session due
 * for its daily extension (better-auth moves the expiry and re-sets the cookie) — goes through
 * better-auth's own getSession, so its rules stay the only source of truth for them. Revocation is
 * immediate: the row is read on every request; nothing is cached.
 */
function requestUserOf(caller: SessionCaller): RequestUser {
  return {
    id: caller.userId,
    isAdmin: caller.role === 'admin',
    locale: caller.locale ?? 'fr',
    closure: caller.closure === null ? 'none' : caller.closure === 'closed' ? 'closed' : 'open',
  };
}

export function createSessionResolver(auth: Auth, dbh: DbHandle): SessionResolver {
  const findSessionCaller = createSessionLookup(dbh);
  const settings = auth.$context.then((c) => ({
    cookieName: c.authCookies.sessionToken.name,
    tokenOf: signedTokenReader(c.secret),
    expiresInMs: c.sessionConfig.expiresIn * 1000,
    updateAgeMs: c.sessionConfig.updateAge * 1000,
  }));

  async function throughBetterAuth(request: FastifyRequest, reply?: FastifyReply) {
    const { headers, response: found } = await auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      returnHeaders: true,
    });
    const cookies = headers.getSetCookie();
    if (reply && cookies.length > 0) reply.header('set-cookie', cookies);
    if (!found) return null;
    const caller = await findSessionCaller(found.session.token);
    if (!caller) return null;
    return { ...requestUserOf(caller), sessionToken: found.session.token };
  }

  return async (request, reply) => {
    const { cookieName, tokenOf, expiresInMs, updateAgeMs } = await settings;
    const raw = request.headers.cookie ? request.server.parseCookie(request.headers.cookie)[cookieName] : undefined;
    if (!raw) return null;
    const token = tokenOf(raw);
    if (!token) return null;
    const caller = await findSessionCaller(token);
    if (!caller) return throughBetterAuth(request, reply);
    const expiresAt = new Date(caller.expiresAt).getTime();
    const now = Date.now();
    const dueForExtension = expiresAt - expiresInMs + updateAgeMs <= now;
    if (!(expiresAt > now) || dueForExtension) return throughBetterAuth(request, reply);
    return { ...requestUserOf(caller), sessionToken: token };
  };
}
