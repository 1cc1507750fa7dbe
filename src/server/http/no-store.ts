import type { FastifyInstance } from 'fastify';

/**
 * Every /api answer is personal unless its route says otherwise (public config, market prices,
 * the OpenAPI document): no browser or shared cache may keep it.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
