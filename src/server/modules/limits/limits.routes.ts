import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitsView } from '../../../contracts/limits';
import { requireUser } from '../../http/auth';
import type { Services } from '../../services';

/** The investor's tier, their limits and what is left (decision 037). */
export function registerLimitsRoutes(app: FastifyInstance, { limits }: Pick<Services, 'limits'>) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/limits',
    {
      onRequest: requireUser,
      schema: {
        tags: ['limits'],
        summary: 'Your tier, your deposit and withdrawal limits, and what is left of them over 30 days',
        response: { 200: limitsView },
      },
    },
    async (request) => limits.view(request.user!.id),
  );
}
