import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identitySlots } from '../../../core/identity';
import { identityState } from '../../../contracts/identity';
import { requireUser } from '../../http/auth';
import { readForm } from '../../http/multipart';
import type { Services } from '../../services';
import { MAX_PROOF_BYTES } from '../storage/image';

/** The investor's identity verification: their state, and a submission or a correction. */
export async function registerIdentityRoutes(app: FastifyInstance, { identity }: Pick<Services, 'identity'>) {
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['identity'];

    r.get(
      '/api/identity',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'Your identity verification: its state, the latest submission, the reason of a rejection',
          response: { 200: identityState },
        },
      },
      async (request) => identity.state(request.user!.id),
    );

    r.post(
      '/api/identity',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary:
            'Submit your identity: multipart form with `documentType`, `documentNumber`, `documentExpiry` (YYYY-MM-DD) and the images `front`, `back` (not for a passport), `selfie`, `address` (5 MiB each); `previousId` corrects a rejected submission, keeping each file not sent again',
          consumes: ['multipart/form-data'],
          response: { 201: identityState },
        },
      },
      async (request, reply) => {
        const { files, fields } = await readForm(request, {
          files: identitySlots,
          fields: ['documentType', 'documentNumber', 'documentExpiry', 'previousId'],
          maxFieldChars: 64,
          maxFileBytes: MAX_PROOF_BYTES,
        });
        return reply.status(201).send(await identity.submit(request.user!.id, { ...fields, files }));
      },
    );
  });
}
