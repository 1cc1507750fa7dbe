import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestUser } from '../../http/auth';
import type { AppEvent, EventBus } from './event-bus';

export const HEARTBEAT_MS = 25_000;

export function visibleTo(user: RequestUser, event: AppEvent): boolean {
  if (event.audience === 'admins') return user.isAdmin;
  return event.userId === user.id;
}

/**
 * Streams the signed-in person's events as server-sent events until they disconnect: their own
 * 'user' events, plus 'admins' events for operators. A comment line every heartbeat keeps proxies
 * from closing a quiet stream; on close (or server shutdown) the subscription is removed.
 */
export function sseHandler(app: FastifyInstance, bus: EventBus, heartbeatMs: number) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const user = request.user!;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n: connected\n\n');

    const unsubscribe = bus.subscribe((event) => {
      if (!visibleTo(user, event)) return;
      const { type, audience, data } = event;
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, audience, data: data ?? {} })}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    request.raw.on('close', end);
    res.on('close', end);
  };
}
