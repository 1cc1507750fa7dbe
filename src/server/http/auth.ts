import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors';

export interface RequestUser {
  id: string;
  isAdmin: boolean;
  locale: 'fr' | 'en' | 'es';
  /** Where the account's closure stands (decision 039): none asked for, under way, or closed. */
  closure: 'none' | 'open' | 'closed';
}

/** Resolves the better-auth session of a request (from its cookies); set by the accounts module. */
export type SessionResolver = (
  request: FastifyRequest,
  reply?: FastifyReply,
) => Promise<(RequestUser & { sessionToken: string }) | null>;

declare module 'fastify' {
  interface FastifyRequest {
    user?: RequestUser;
    sessionToken?: string;
  }
  interface FastifyInstance {
    resolveSession: SessionResolver;
  }
}

async function attach(request: FastifyRequest, reply: FastifyReply): Promise<RequestUser | null> {
  if (request.user) return request.user;
  const resolve = request.server.resolveSession as SessionResolver | undefined;
  if (!resolve) return null;
  const found = await resolve(request, reply);
  if (!found) return null;
  const { sessionToken, ...user } = found;
  request.user = user;
  request.sessionToken = sessionToken;
  return user;
}

/**
 * Route hook (onRequest, before the body is even read): 401 `unauthorized` without a valid
 * session; then `request.user` is set.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!(await attach(request, reply))) throw new DomainError('unauthorized');
}

/** Route hook (onRequest): 401 without a session, 403 `forbidden` for a signed-in person who is not an operator. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await attach(request, reply);
  if (!user) throw new DomainError('unauthorized');
  if (!user.isAdmin) throw new DomainError('forbidden');
}
