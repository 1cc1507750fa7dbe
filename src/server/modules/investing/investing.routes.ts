import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../contracts/text';
import { investmentsResponse, investRequest, investResponse, stopResponse } from '../../../contracts/investing';
import { requireUser } from '../../http/auth';
import { idempotencyKey } from '../../http/idempotency';
import type { Services } from '../../services';

export async function registerInvestingRoutes(app: FastifyInstance, service: Services['investing']): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['investing'];

  r.post(
    '/api/investments',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Invest from the available balance',
        body: investRequest,
        response: { 201: investResponse },
      },
    },
    async (request, reply) => {
      const result = await service.invest(request.user!.id, request.body, idempotencyKey(request));
      return reply.status(201).send(result);
    },
  );

  r.get(
    '/api/investments',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Active investments, valued now', response: { 200: investmentsResponse } },
    },
    async (request) => ({ investments: await service.listActive(request.user!.id) }),
  );

  r.post(
    '/api/investments/:id/stop',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Stop an investment (after 5 full days)',
        params: z.object({ id: text(64) }),
        response: { 200: stopResponse },
      },
    },
    async (request) => service.stop(request.user!.id, request.params.id, idempotencyKey(request)),
  );
}
