import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../../contracts/public-config';
import type { AppContext } from '../../context';
import { publicConfig } from './content.service';

/** Public content settings for the marketing pages (no session needed). */
export async function registerContentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const body = publicConfig(ctx.config);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/public/config',
      { schema: { tags: ['content'], response: { 200: publicConfigSchema } } },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return body;
      },
    );
}
