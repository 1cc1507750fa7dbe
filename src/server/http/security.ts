import helmet from '@fastify/helmet';
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

export async function registerSecurity(app: FastifyInstance, opts: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...appCsp, upgradeInsecureRequests: opts.https ? [] : null },
    },
    hsts: opts.https,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
