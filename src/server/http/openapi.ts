import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod schemas of the routes: `/api/openapi.json`, docs at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Atlas Invest API',
        version: '1.0.0',
        description: 'Amounts are decimal strings in dollars ("1250.00"). Errors are { error: { code, params } }.',
      },
    },
    transform: createJsonSchemaTransform({ skipList: ['/api/docs', '/api/docs/*', '/api/openapi.json'] }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { url: '/api/openapi.json' },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
