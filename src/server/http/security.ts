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
 * Security headers on every response. Helmet's answer does not depend on the request (no nonces),
 * so it runs once, on a stand-in response, and every request gets the same headers in one call
 * (@fastify/helmet rebuilt its middleware and re-parsed the policy on every request; running
 * helmet's chain of thirteen middlewares per request was still a few per cent of /healthz).
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
  const headers: Record<string, string> = {};
  const standIn = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  let failed: unknown;
  apply({ headers: {} } as never, standIn as never, (err?: unknown) => void (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
