import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../core/errors';

const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every state-changing request that a browser sent from another origin (cookies ride along
 * with cross-site form posts, and SameSite=Lax does not stop a sibling port of the same site).
 * `Origin` must be exactly PUBLIC_URL's origin; without it, the browser's `Sec-Fetch-Site` decides;
 * with neither, the client is not a browser (no ambient cookies to abuse) and passes.
 */
export function isCrossSite(headers: Record<string, string | string[] | undefined>, allowedOrigin: string): boolean {
  const origin = headers.origin;
  if (origin !== undefined) return origin !== allowedOrigin;
  const site = headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

export function registerCrossSiteGuard(app: FastifyInstance, opts: { publicUrl: string }): void {
  const allowedOrigin = new URL(opts.publicUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!readOnly.has(request.method) && isCrossSite(request.headers, allowedOrigin))
      done(new DomainError('cross_site_request'));
    else done();
  });
}
