import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { factsParams, factsResponse } from '../../../contracts/assistant';
import { requireUser } from '../../http/auth';
import type { Services } from '../../services';

export async function registerAssistantRoutes(
  app: FastifyInstance,
  { accountFacts }: Pick<Services, 'accountFacts'>,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assistant'];

  r.get(
    '/api/assistant/facts/:topic',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          "The signed-in investor's own facts on one question (withdraw, deposit, stop, transfer), as catalogue keys and values",
        params: factsParams,
        response: { 200: factsResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { topic } = request.params;
      return { topic, facts: await accountFacts.facts(request.user!.id, topic) };
    },
  );
}
