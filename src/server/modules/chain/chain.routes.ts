import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chainPaymentsResponse, type ChainPayments } from '../../../contracts/chain';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { chainPaymentsOf } from './chain-payments.service';

/** The person's own payments seen on chain (decision 055): what the watcher recorded, nothing more. */
export async function registerChainRoutes(app: FastifyInstance, { config, db }: Pick<AppContext, 'config' | 'db'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/deposits/chain-payments',
    {
      onRequest: requireUser,
      schema: {
        tags: ['cashier'],
        summary:
          "The person's payments to their own BTC/LTC addresses as the chain watcher saw them: seen, in a block with its confirmations, confirmed, or out of the chain after a reorganisation",
        response: { 200: chainPaymentsResponse },
      },
    },
    async (request, reply): Promise<ChainPayments> => {
      reply.headers({ 'cache-control': 'no-store' });
      return chainPaymentsOf({ config, db }, request.user!.id);
    },
  );
}
