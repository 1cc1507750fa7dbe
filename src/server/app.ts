import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { registerCrossSiteGuard } from './http/cross-site';
import { handleError } from './http/errors';
import { registerNoStore } from './http/no-store';
import { registerStrictJson } from './http/strict-json';
import type { Registry } from 'prom-client';
import { registerObservability } from './http/observability';
import { createReadinessProbe } from './db/health.repo';
import { registerOpenApi } from './http/openapi';
import { registerApiRateLimit } from './http/rate-limit';
import { childLoggerFactory, requestId } from './http/request-logger';
import { registerSecurity } from './http/security';
import { registerWeb } from './http/web';
import { registerModules } from './modules/index';
import { registerOperatorSignals } from './modules/operations/signals.metrics';
import { buildServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, built once by the composition root (services.ts). */
    services: Services;
    /** The Prometheus registry /metrics serves; background jobs add their own figures to it. */
    metrics: Registry;
  }
}

export interface BuildOptions {
  /** Where the built SPA lives. */
  webRoot?: string;
  logger?: boolean;
  /** Where the log lines go instead of standard output (the erasure proof reads them). */
  logStream?: { write(line: string): void };
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const hops = config.trustProxy;
  // A hop count trusts that many proxies in front of us (the same rule as Fastify's own number option).
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  const { headersMs, requestMs, idleMs } = config.timeouts;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // One line per request (observability.ts, on response) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => requestId(req.headers['x-request-id']),
    childLoggerFactory,
    requestIdHeader: false,
    trustProxy,
    bodyLimit: config.bodyLimitBytes,
    forceCloseConnections: 'idle',
    // Slow clients are cut (a trickled request would otherwise hold a socket forever). Node checks
    // the header and request deadlines every connectionsCheckingInterval, so that follows them.
    http: {
      headersTimeout: headersMs,
      connectionsCheckingInterval: Math.min(5000, Math.max(50, Math.floor(headersMs / 4))),
    },
    requestTimeout: requestMs,
    connectionTimeout: idleMs,
    // The router's own refusals (a malformed URL) answer in our error shape too.
    frameworkErrors: (err, request, reply) => handleError(err, request, reply),
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // Cookies are parsed where they are read (the session resolver), not on every request.
  await app.register(fastifyCookie, { hook: false });
  await registerSecurity(app, { https: config.secureCookies });
  registerCrossSiteGuard(app, config.origins);
  registerNoStore(app);
  registerStrictJson(app);
  await registerOpenApi(app);
  await registerApiRateLimit(app, config.limits);
  const readiness = createReadinessProbe(ctx.dbh, config.dbTimeouts.readyMs);
  app.addHook('onClose', async () => readiness.close());
  const metrics = await registerObservability(app, ctx.db, {
    metricsToken: config.metricsToken,
    behindProxy: config.trustProxy !== false,
    readiness,
  });
  registerOperatorSignals(metrics, ctx);
  app.decorate('metrics', metrics);
  const services = buildServices(ctx, app.log);
  app.decorate('services', services);
  app.addHook('onClose', async () => services.close());
  await registerModules(app, ctx, services);
  await registerWeb(app, { root: options.webRoot ?? path.resolve('dist/web'), enabled: config.serveWeb });
  return app;
}
