import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  depositConfigResponse,
  depositSchema,
  historyResponse,
  withdrawalRequest,
  withdrawalSchema,
} from '../../../contracts/cashier';
import { requireUser } from '../../http/auth';
import { idempotencyKey } from '../../http/idempotency';
import { readForm } from '../../http/multipart';
import { MAX_PROOF_BYTES } from '../storage/image';
import type { DepositUpload } from './deposits.service';
import type { Services } from '../../services';

/** Reads the deposit form: one `amount` field and one `proof` file, within tight limits. */
async function readDepositForm(request: FastifyRequest): Promise<DepositUpload> {
  const { files, fields } = await readForm(request, {
    files: ['proof'],
    fields: ['amount', 'previousId', 'coin'],
    maxFieldChars: 64,
    maxFileBytes: MAX_PROOF_BYTES,
  });
  return {
    amount: fields.amount,
    proof: files.proof,
    ...(fields.previousId !== undefined ? { previousId: fields.previousId } : {}),
    ...(fields.coin !== undefined ? { coin: fields.coin } : {}),
  };
}

export async function registerCashierRoutes(
  app: FastifyInstance,
  { deposits, withdrawals, history }: Pick<Services, 'deposits' | 'withdrawals' | 'history'>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['cashier'];

    r.get(
      '/api/deposits/addresses',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary:
            "Where to send crypto for a deposit: for a coin with an account key, the person's own address (allocated on first need)",
          response: { 200: depositConfigResponse },
        },
      },
      async (request) => deposits.addresses(request.user!.id),
    );

    r.post(
      '/api/deposits',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary:
            'Submit a deposit: multipart form with `amount` (dollars as text), `proof` (an image of at most 5 MiB), `coin` (the coin paid with; required when an own address is listed among several coins) and, to correct a rejected deposit, its id as `previousId`',
          consumes: ['multipart/form-data'],
          response: { 201: depositSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await deposits.create(request.user!.id, await readDepositForm(request), idempotencyKey(request))),
    );

    r.post(
      '/api/withdrawals',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary:
            'Request a withdrawal (the amount is held until an operator decides); `previousId` corrects a rejected one',
          body: withdrawalRequest,
          response: { 201: withdrawalSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await withdrawals.create(request.user!.id, request.body, idempotencyKey(request))),
    );

    r.get(
      '/api/cashier/history',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'Your deposits, withdrawals and transfers with their status',
          response: { 200: historyResponse },
        },
      },
      async (request) => history.of(request.user!.id),
    );
  });
}
