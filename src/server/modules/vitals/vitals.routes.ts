import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientErrorSchema, vitalsBeaconSchema } from '../../../contracts/vitals';
import type { VitalsService } from './vitals.service';

/**
 * POST /api/vitals: the web app's real-user vitals (LCP, INP, CLS), sent with navigator.sendBeacon
 * when a page is hidden. Anyone may send them (a visitor has no session, and the beacon carries
 * none of the person's data): the body is validated against the known routes and bounded values,
 * small, and limited per client address in memory (decision 030).
 */
export async function registerVitalsRoutes(
  app: FastifyInstance,
  vitals: VitalsService,
  opts: { beaconsPerMinute: number },
): Promise<void> {
  const limit = (prefix: string) => ({
    rateLimit: {
      max: opts.beaconsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: { ip: string }) => `${prefix}:${request.ip}`,
    },
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/vitals',
    {
      bodyLimit: 4096,
      config: limit('vitals'),
      schema: { tags: ['operations'], body: vitalsBeaconSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      vitals.record(request.body);
      return reply.status(204).send(null);
    },
  );

  // A screen that did not load in a browser (decision 048): the same rules as the vitals' beacon.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/client-errors',
    {
      bodyLimit: 1024,
      config: limit('client-errors'),
      schema: { tags: ['operations'], body: clientErrorSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      vitals.recordClientError(request.body);
      return reply.status(204).send(null);
    },
  );
}
