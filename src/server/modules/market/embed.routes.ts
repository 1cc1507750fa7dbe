import type { FastifyInstance } from 'fastify';
import { embedCsp, embedHtml, embedScript } from './embed';

/** /embed/charts.html (+ its script): the one document with a policy wider than 'self', only for TradingView. */
export async function registerEmbedRoutes(app: FastifyInstance): Promise<void> {
  const common = { 'cache-control': 'no-cache', 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff' };
  app.get('/embed/charts.html', { schema: { hide: true } }, async (_req, reply) =>
    // Replaces the app policy that the security plugin set on this response.
    reply.headers({ ...common, 'content-security-policy': embedCsp }).type('text/html; charset=utf-8').send(embedHtml),
  );
  app.get('/embed/charts.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.headers({ ...common, 'content-security-policy': embedCsp }).type('text/javascript; charset=utf-8').send(embedScript),
  );
}
