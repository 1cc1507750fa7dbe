import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recipientResponse, transferRequest, transferResponse } from '../../../contracts/investing';
import { text } from '../../../contracts/text';
import { requireUser } from '../../http/auth';
import { idempotencyKey } from '../../http/idempotency';
import type { Services } from '../../services';

export async function registerTransferRoutes(app: FastifyInstance, service: Services['transfers']): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transfers'];

  r.get(
    '/api/transfers/recipient',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Check a payee by UID (masked name)',
        querystring: z.object({ uid: text(64) }),
        response: { 200: recipientResponse },
      },
    },
    async (request) => service.lookupRecipient(request.user!.id, request.query.uid),
  );

  r.post(
    '/api/transfers',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Send money to another user by UID',
        body: transferRequest,
        response: { 201: transferResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.transfer(request.user!.id, request.body, idempotencyKey(request))),
  );
}
