import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors';

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/**
 * A ceiling per client address on the whole API, reads more generous than writes (decision 017).
 * Counters live in each instance's memory: a coarse flood guard in front of the precise limits
 * (sign-in, uploads, payee lookups), which are counted in the database.
 */
export async function registerApiRateLimit(
  app: FastifyInstance,
  limits: { apiReadsPerMinute: number; apiWritesPerMinute: number },
): Promise<void> {
  // Pages, assets and health checks are not the API: their routes get no limiter hook at all
  // (the allow-list below still covers what no route matches).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.config = { ...route.config, rateLimit: false } as typeof route.config;
  });
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    max: (request) => (isRead(request) ? limits.apiReadsPerMinute : limits.apiWritesPerMinute),
    keyGenerator: (request) => `${isRead(request) ? 'read' : 'write'}:${request.ip}`,
    // Pages, assets and health checks are not the API.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new DomainError('rate_limited', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });
}
