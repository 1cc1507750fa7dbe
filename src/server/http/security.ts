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
 * Security headers on every response. The helmet middleware is built once: @fastify/helmet built
 * it (and re-parsed the policy) on every request, about 5 % of the server's time under load.
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
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
