import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth';
import type { EventBus } from './event-bus';
import { HEARTBEAT_MS, sseHandler } from './sse';

/** GET /api/events (server-sent events), fed by the app's one event bus. */
export async function registerRealtimeRoutes(
  app: FastifyInstance,
  bus: EventBus,
  options: { heartbeatMs?: number } = {},
): Promise<void> {
  app.get(
    '/api/events',
    { onRequest: requireUser, schema: { hide: true } },
    sseHandler(app, bus, options.heartbeatMs ?? HEARTBEAT_MS),
  );
}
