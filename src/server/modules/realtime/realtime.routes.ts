import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { eventBusFor, type EventBus } from './event-bus';
import { HEARTBEAT_MS, sseHandler } from './sse';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publish after commit: `app.events.publish({ type, userId, audience })`. */
    events: EventBus;
  }
}

/** GET /api/events (server-sent events) and `app.events` for the modules that publish. */
export async function registerRealtimeRoutes(app: FastifyInstance, ctx: AppContext, options: { heartbeatMs?: number } = {}): Promise<void> {
  const bus = eventBusFor(ctx, app.log);
  app.decorate('events', bus);
  app.addHook('onClose', async () => bus.close());
  app.get('/api/events', { onRequest: requireUser, schema: { hide: true } }, sseHandler(app, bus, options.heartbeatMs ?? HEARTBEAT_MS));
}
