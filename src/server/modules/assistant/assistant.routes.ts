import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { factsParams, factsResponse, intentRequest, intentResponse } from '../../../contracts/assistant';
import { requireUser } from '../../http/auth';
import type { Services } from '../../services';

export async function registerAssistantRoutes(
  app: FastifyInstance,
  { accountFacts, intent }: Pick<Services, 'accountFacts' | 'intent'>,
  opts: { messagesPerMinute: number },
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

  // Visitors ask too, so no session is needed; the text is neither stored nor logged. Its own counter
  // per client address, outside the API's writes: a busy chat must not use up a person's deposits.
  r.post(
    '/api/assistant/intent',
    {
      bodyLimit: 16 * 1024,
      config: {
        rateLimit: {
          max: opts.messagesPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: { ip: string }) => `assistant:${request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Which topic one message typed to the assistant is about: an answer, a question with choices, or none',
        body: intentRequest,
        response: { 200: intentResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return intent.classify(request.body.text);
    },
  );
}
