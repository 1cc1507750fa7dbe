import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

/**
 * Serves the built SPA. Unknown `/api/*` paths are JSON 404s; every other unknown path gets
 * index.html, and the SPA shows its home screen.
 */
export async function registerWeb(app: FastifyInstance, opts: { root: string; enabled: boolean }): Promise<void> {
  const indexFile = path.join(opts.root, 'index.html');
  const hasWeb = opts.enabled && existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (scripts/precompress.ts).
      preCompressed: true,
      setHeaders: (reply: { header(name: string, value: string): unknown }, file: string) => {
        reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/assets/') || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody('not_found'));
    }
    return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
