import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
        response: { 200: liabilityRoundsResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const rounds = await liabilities.rounds();
      return {
        publicKey: liabilities.publicKey,
        rounds: rounds.map(({ publicKey: _key, ...round }) => round),
      };
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
