import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict Content-Security-Policy for the app and API: our own origin only. The TradingView
 * widgets live in a separate embed document (`/embed/*`) that sets its own, wider policy,
 * so no other page ever allows a third-party host.
 */
export const appCsp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
} as const;

/**
 * The policy of an answer no browser renders as a page (the JSON API, health checks, metrics): it
 * may load nothing and be framed by no one, stricter than the pages' policy (as OWASP's REST
 * security cheat sheet and GitHub's API do).
 */
const dataCsp = "default-src 'none'; frame-ancestors 'none'";

/** /api/* (but the API's documentation pages), /healthz, /readyz, /metrics. */
const dataPath = /^\/(?:api\/(?!docs(?:[/?]|$))|(?:healthz|readyz|metrics)(?:\?|$))/;

/**
 * Security headers on every response. Pages (and everything a browser could render as one: assets,
 * the terms PDF) get helmet's full set. Data answers get the headers that protect a response that
 * is not a page: no sniffing, no framing, not readable by other sites, HTTPS only, and the strict
 * policy above; helmet's others govern what a page does (opener, referrer, prefetch, legacy
 * browsers' download and XSS filters) and cost every API call a fifth of /healthz (issue 19).
 * Helmet's answer does not depend on the request (no nonces), so it runs once, on a stand-in
 * response, and every request gets its set in one call.
 */
export async function registerSecurity(app: FastifyInstance, opts: { https: boolean }): Promise<void> {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...appCsp, upgradeInsecureRequests: opts.https ? [] : null },
    },
    strictTransportSecurity: opts.https,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const page: Record<string, string> = {};
  const standIn = {
    setHeader: (name: string, value: unknown) => void (page[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  let failed: unknown;
  apply({ headers: {} } as never, standIn as never, (err?: unknown) => void (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  const data: Record<string, string> = {
    'content-security-policy': dataCsp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (page['strict-transport-security']) data['strict-transport-security'] = page['strict-transport-security'];
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(dataPath.test(request.url) ? data : page);
    done();
  });
}
