import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chainHoldListQuery,
  chainHoldListResponse,
  chainHoldSchema,
  releaseChainHoldRequest,
  withdrawalHoldResponse,
} from '../../../contracts/chain-holds';
import { requireAdmin, requireUser } from '../../http/auth';
import { sourceOf } from '../audit/audit.service';
import type { ChainHoldsService } from './chain-holds.service';

/**
 * Holds after a credited payment left the chain (decision 058): the person learns that their
 * withdrawals are held (never the block or the operators' notes); operators list and release them.
 */
export async function registerChainHoldRoutes(app: FastifyInstance, holds: ChainHoldsService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const guard = { onRequest: requireAdmin };

  r.get(
    '/api/withdrawals/chain-hold',
    {
      onRequest: requireUser,
      schema: {
        tags: ['cashier'],
        summary:
          "Whether the person's withdrawals are held because a deposit's transaction left the blockchain, and since when",
        response: { 200: withdrawalHoldResponse },
      },
    },
    async (request, reply) => {
      reply.headers({ 'cache-control': 'no-store' });
      return holds.ofInvestor(request.user!.id);
    },
  );

  r.get(
    '/api/admin/chain/holds',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Holds raised when a credited chain payment left the best chain: open ones oldest first, released ones newest first, of one person with `userId`, and how many are open',
        querystring: chainHoldListQuery,
        response: { 200: chainHoldListResponse },
      },
    },
    async (request, reply) => {
      reply.headers({ 'cache-control': 'no-store' });
      const { status, limit, userId } = request.query;
      return holds.list(status, limit, userId);
    },
  );

  r.post(
    '/api/admin/chain/holds/release',
    {
      ...guard,
      schema: {
        tags,
        summary: "Release an open hold with a note (audited): the person's withdrawals are accepted again",
        body: releaseChainHoldRequest,
        response: { 200: chainHoldSchema },
      },
    },
    async (request) => holds.release(request.user!.id, request.body.id, request.body.note, sourceOf(request)),
  );
}
