import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vitalsBeaconSchema } from '../../../contracts/vitals';
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
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/vitals',
    {
      bodyLimit: 4096,
      config: {
        rateLimit: {
          max: opts.beaconsPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: { ip: string }) => `vitals:${request.ip}`,
        },
      },
      schema: { tags: ['operations'], body: vitalsBeaconSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      vitals.record(request.body);
      return reply.status(204).send(null);
    },
  );
}
