import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { handleError } from './http/errors';
import { registerObservability } from './http/observability';
import { registerOpenApi } from './http/openapi';
import { registerApiRateLimit } from './http/rate-limit';
import { registerSecurity } from './http/security';
import { registerWeb } from './http/web';
import { registerModules } from './modules/index';

export interface BuildOptions {
  /** Where the built SPA lives. */
  webRoot?: string;
  logger?: boolean;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const hops = config.trustProxy;
  // A hop count trusts that many proxies in front of us (the same rule as Fastify's own number option).
  const trustProxy: FastifyServerOptions['trustProxy'] = typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy,
    bodyLimit: config.bodyLimitBytes,
    forceCloseConnections: 'idle',
    // The router's own refusals (a malformed URL) answer in our error shape too.
    frameworkErrors: (err, request, reply) => handleError(err, request, reply),
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurity(app, { https: config.secureCookies });
  await registerOpenApi(app);
  await registerApiRateLimit(app, config.limits);
  await registerObservability(app, ctx.db, { metricsToken: config.metricsToken });
  await registerModules(app, ctx);
  await registerWeb(app, { root: options.webRoot ?? path.resolve('dist/web'), enabled: config.serveWeb });
  return app;
}
