import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/index';
import { databaseAnswers, type ReadinessProbe } from '../db/health.repo';
import { dbStats } from '../db/stats';

/** /healthz (process up), /readyz (database answers), /metrics (Prometheus text). */
const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether a request may read /metrics: with the configured bearer token, or from this machine
 * when no proxy is trusted. Behind a proxy on this machine every visitor arrives from loopback,
 * so there only the token opens it; and a request that names a client it was forwarded for came
 * through a proxy whatever the setting says (one on this machine that nobody declared).
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined, behindProxy: boolean): boolean {
  if (!token) return !behindProxy && !forwarded(request) && loopback.has(request.socket.remoteAddress ?? '');
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The headers a proxy adds to say for whom it forwards (RFC 7239, and the de facto ones before it). */
const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-real-ip'];
const forwarded = (request: FastifyRequest) => forwardingHeaders.some((h) => request.headers[h] !== undefined);

export async function registerObservability(
  app: FastifyInstance,
  db: Db,
  opts: { metricsToken?: string; behindProxy?: boolean; readiness?: ReadinessProbe } = {},
): Promise<Registry> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerDatabaseMetrics(registry);
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
  // Its own bounded check (decision 026): never waits in the pool's queue, answers within READYZ_TIMEOUT_MS.
  let lastReason: string | null = null;
  app.get('/readyz', hidden, async (_request, reply) => {
    const readiness = opts.readiness
      ? await opts.readiness.check()
      : await databaseAnswers(db).then(
          () => ({ ready: true as const }),
          (err: unknown) => ({ ready: false as const, reason: String((err as { code?: string }).code ?? 'error') }),
        );
    if (readiness.ready) {
      if (lastReason !== null) app.log.info('readiness restored');
      lastReason = null;
      return { status: 'ready' };
    }
    // One line per change of cause, not one per probe of the load balancer.
    if (readiness.reason !== lastReason) app.log.warn({ reason: readiness.reason }, 'readiness check failed');
    lastReason = readiness.reason;
    return reply.status(503).header('retry-after', '1').send({ status: 'unavailable', reason: readiness.reason });
  });
  app.get('/metrics', hidden, async (request, reply) => {
    // The socket's own address, not X-Forwarded-For: a proxied request is never "local".
    if (!mayReadMetrics(request, opts.metricsToken, opts.behindProxy ?? false)) throw new DomainError('forbidden');
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}

/** The database layer's counts (db/stats.ts), read at each scrape. */
function registerDatabaseMetrics(registry: Registry): void {
  new Counter({
    name: 'atlas_db_faults_total',
    help: 'Requests answered 503/507 because of the database, by kind (busy, conflict, unavailable, full) and reason',
    labelNames: ['kind', 'reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [key, n] of dbStats.faults) {
        const [kind = '', reason = ''] = key.split(':');
        this.inc({ kind, reason }, n);
      }
    },
  });
  new Counter({
    name: 'atlas_db_retries_total',
    help: 'Money movements tried again inside the server, by reason (account_locked, lock timeout, deadlock, connection)',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, n] of dbStats.retries) this.inc({ reason }, n);
    },
  });
  new Counter({
    name: 'atlas_db_pool_waits_total',
    help: 'Connections asked of the pool while none was free (the caller queued)',
    registers: [registry],
    collect() {
      this.reset();
      if (dbStats.poolWaits > 0) this.inc(dbStats.poolWaits);
    },
  });
  new Gauge({
    name: 'atlas_db_pool_waiting',
    help: 'Callers waiting for a pooled connection now',
    registers: [registry],
    collect() {
      let waiting = 0;
      for (const pool of dbStats.pools) waiting += pool.waitingCount;
      this.set(waiting);
    },
  });
}
