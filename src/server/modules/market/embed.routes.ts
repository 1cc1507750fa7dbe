import type { FastifyInstance } from 'fastify';
import { embedCsp, embedHtml } from './embed';

/** /embed/charts.html: the one document with a policy wider than 'self', only for TradingView, in a sandbox. */
export async function registerEmbedRoutes(app: FastifyInstance): Promise<void> {
  const headers = {
    'cache-control': 'no-cache',
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'content-security-policy': embedCsp,
  };
  app.get('/embed/charts.html', { schema: { hide: true } }, async (_req, reply) =>
    // Replaces the app policy that the security plugin set on this response.
    reply.headers(headers).type('text/html; charset=utf-8').send(embedHtml),
  );
}
