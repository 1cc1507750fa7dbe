import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountNonceResponse,
  liabilityProofParams,
  liabilityProofResponse,
  liabilityRoundsResponse,
} from '../../../contracts/liabilities';
import { requireUser } from '../../http/auth';
import type { LiabilitiesService } from './liabilities.service';

export async function registerLiabilitiesRoutes(app: FastifyInstance, liabilities: LiabilitiesService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['liabilities'];
  const noStore = { 'cache-control': 'no-store' };

  r.get(
    '/api/liabilities/rounds',
    {
      schema: {
        tags,
        summary: 'The published proof-of-liabilities rounds (signed), newest first, and the public key',
        response: { 200: liabilityRoundsResponse, 304: z.null().describe('The list has not changed (If-None-Match)') },
      },
    },
    async (request, reply) => {
      const rounds = await liabilities.rounds();
      const body = { publicKey: liabilities.publicKey, fingerprint: liabilities.fingerprint, rounds };
      // Revalidated on every use: a round just published shows at once; an unchanged list is a 304.
      const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', 'public, no-cache');
      reply.header('etag', etag);
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send(null);
      return body;
    },
  );

  r.get(
    '/api/liabilities/rounds/:round/proof',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The caller's own proof file for a round, or a signed statement that nothing was owed to them",
        params: liabilityProofParams,
        response: { 200: liabilityProofResponse },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return liabilities.proofOf(request.user!.id, request.params.round);
    },
  );

  r.get(
    '/api/liabilities/nonce',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The caller's secret account nonce, which the verifiers need",
        response: { 200: accountNonceResponse },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { nonce: await liabilities.accountNonce(request.user!.id) };
    },
  );
}
