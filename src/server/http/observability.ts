import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/index';
import { databaseAnswers } from '../db/health.repo';

/** /healthz (process up), /readyz (database answers), /metrics (Prometheus text). */
const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether a request may read /metrics: with the configured bearer token, or from this machine
 * when no proxy is trusted. Behind a proxy on this machine every visitor arrives from loopback,
 * so there only the token opens it.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined, behindProxy: boolean): boolean {
  if (!token) return !behindProxy && loopback.has(request.socket.remoteAddress ?? '');
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function registerObservability(
  app: FastifyInstance,
  db: Db,
  opts: { metricsToken?: string; behindProxy?: boolean } = {},
): Promise<Registry> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // Level 30 is info: below it, nothing is built per request.
  const logsRequests =
    (app.log as unknown as { levelVal?: number }).levelVal !== undefined &&
    (app.log as unknown as { levelVal: number }).levelVal <= 30;
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (logsRequests) {
      request.log.info(
        { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
    done();
  });

  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async () => ({ status: 'ok' }));
  app.get('/readyz', hidden, async (_request, reply) => {
    try {
      await databaseAnswers(db);
      return { status: 'ready' };
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
  app.get('/metrics', hidden, async (request, reply) => {
    // The socket's own address, not X-Forwarded-For: a proxied request is never "local".
    if (!mayReadMetrics(request, opts.metricsToken, opts.behindProxy ?? false)) throw new DomainError('forbidden');
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
