import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Caller } from './session.service';

/** What a route hands the session service: the request's headers, cookies and address. */
export const callerOf = (request: FastifyRequest): Caller => ({
  headers: fromNodeHeaders(request.headers),
  cookies: request.headers.cookie ? request.server.parseCookie(request.headers.cookie) : {},
  ip: request.ip,
});
