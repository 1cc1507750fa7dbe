import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../core/errors';
import {
  depositConfigResponse,
  depositSchema,
  historyResponse,
  withdrawalRequest,
  withdrawalSchema,
} from '../../../contracts/cashier';
import { requireUser } from '../../http/auth';
import { idempotencyKey } from '../../http/idempotency';
import { MAX_PROOF_BYTES } from '../storage/image';
import type { DepositUpload } from './deposits.service';
import type { Services } from '../../services';

const MAX_FIELD_CHARS = 64;

/** Reads the deposit form: one `amount` field and one `proof` file, within tight limits. */
async function readDepositForm(request: FastifyRequest): Promise<DepositUpload> {
  if (!request.isMultipart()) throw new DomainError('unsupported_media_type');
  const form: DepositUpload = { amount: undefined, proof: undefined };
  try {
    const seen = new Set<string>();
    for await (const part of request.parts({
      limits: { fileSize: MAX_PROOF_BYTES, files: 1, fields: 4, fieldSize: MAX_FIELD_CHARS, parts: 6 },
    })) {
      // Never last-one-wins nor a cut value: an ambiguous form is refused whole.
      if (seen.has(part.fieldname)) throw new DomainError('duplicate_field', { field: part.fieldname });
      seen.add(part.fieldname);
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'proof') form.proof = bytes;
      } else if (part.valueTruncated) {
        throw new DomainError('field_too_long', { field: part.fieldname, max: MAX_FIELD_CHARS });
      } else if (part.fieldname === 'amount') {
        form.amount = String(part.value);
      } else if (part.fieldname === 'previousId') {
        form.previousId = String(part.value);
      }
    }
  } catch (err) {
    // Limits come with a Fastify code (mapped to 413); the parser's own complaints about a broken
    // form (no boundary, truncated body, bad part headers) are plain errors: the client's fault.
    if (err instanceof DomainError || (err as { code?: unknown }).code) throw err;
    throw new DomainError('validation_failed', { fields: [{ path: 'body', code: 'invalid_multipart' }] });
  }
  return form;
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
        schema: { tags, summary: 'Where to send crypto for a deposit', response: { 200: depositConfigResponse } },
      },
      async () => deposits.addresses(),
    );

    r.post(
      '/api/deposits',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary:
            'Submit a deposit: multipart form with `amount` (dollars as text), `proof` (an image of at most 5 MiB) and, to correct a rejected deposit, its id as `previousId`',
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
