import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chainRefund,
  chainRefundParams,
  chainRefundsQuery,
  chainRefundsResponse,
  recordRefundRequest,
} from '../../../contracts/chain';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth';
import { sourceOf } from '../audit/audit.service';
import { createChainRefunds } from './chain-refunds.service';

/** The operators' refunds queue (decision 059). Every route checks the admin role on the server. */
export async function registerChainRefundRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'clock'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refunds = createChainRefunds(ctx);
  const tags = ['admin'];
  r.get(
    '/api/admin/chain/refunds',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Chain payments held but not credited (below the minimum, after closure was asked, or their deposit rejected): open ones, or those refunded',
        querystring: chainRefundsQuery,
        response: { 200: chainRefundsResponse },
      },
    },
    async (request, reply) => {
      reply.headers({ 'cache-control': 'no-store' });
      return { items: await refunds.list(request.query.state) };
    },
  );
  r.post(
    '/api/admin/chain/refunds/:coin/:txid/:vout',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Records the refund's own transaction for a payment of the queue (once; audited)",
        params: chainRefundParams,
        body: recordRefundRequest,
        response: { 200: chainRefund },
      },
    },
    async (request) => refunds.record(request.user!.id, request.params, request.body.txid, sourceOf(request)),
  );
}
