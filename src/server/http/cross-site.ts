import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../core/errors';

const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);
const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

/** Which browser origins may post (decision 027). */
export interface OriginPolicy {
  /** PUBLIC_URL's origin: always allowed. */
  publicOrigin: string;
  /**
   * Also allow `http://<the request's own Host>`: only on a non-production run without an explicit
   * PUBLIC_URL, so that whatever address a newcomer's browser used (127.0.0.1, the LAN address)
   * works. Such an Origin names the very server the request reached, so no other site's page sent it.
   */
  sameHost: boolean;
}

/**
 * The origins always allowed by a policy: PUBLIC_URL's, and when PUBLIC_URL names the loopback
 * interface, its loopback aliases on the same scheme and port (localhost, 127.0.0.1, [::1] reach the
 * same listening socket of the same machine, so a page on one of them is ours).
 */
export function fixedOrigins(publicOrigin: string): string[] {
  const url = new URL(publicOrigin);
  if (!loopbackNames.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [
    url.origin,
    ...loopbackNames.map((name) => `${url.protocol}//${name}${port}`).filter((o) => o !== url.origin),
  ];
}

/** `http://<host>` normalised as a browser writes an Origin, or undefined for a malformed Host. */
export function sameHostOrigin(host: string | undefined): string | undefined {
  if (!host || /[\s/\\@?#]/.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** Every origin allowed for one request (for better-auth's trustedOrigins too). */
export function allowedOrigins(policy: OriginPolicy, host: string | undefined): string[] {
  const fixed = fixedOrigins(policy.publicOrigin);
  const own = policy.sameHost ? sameHostOrigin(host) : undefined;
  return own && !fixed.includes(own) ? [...fixed, own] : fixed;
}

/**
 * Refuses every state-changing request that a browser sent from another origin (cookies ride along
 * with cross-site form posts, and SameSite=Lax does not stop a sibling port of the same site).
 * `Origin` must be one of the allowed origins; without it, the browser's `Sec-Fetch-Site` decides;
 * with neither, the client is not a browser (no ambient cookies to abuse) and passes.
 */
export function isCrossSite(
  headers: Record<string, string | string[] | undefined>,
  allowed: readonly string[],
  policy?: OriginPolicy,
): boolean {
  const origin = headers.origin;
  if (origin !== undefined) {
    if (allowed.includes(origin as string)) return false;
    if (!policy?.sameHost) return true;
    const host = headers.host;
    return typeof host !== 'string' || origin !== sameHostOrigin(host);
  }
  const site = headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

export function registerCrossSiteGuard(app: FastifyInstance, policy: OriginPolicy): void {
  const allowed = fixedOrigins(policy.publicOrigin);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!readOnly.has(request.method) && isCrossSite(request.headers, allowed, policy))
      done(new DomainError('cross_site_request'));
    else done();
  });
}
