import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chainClaimRequest, chainClaimResponse } from '../../../contracts/chain';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import type { Services } from '../../services';
import { createChainClaims } from './chain-claims.service';
import { createChainCredit } from './chain-credit.service';

/**
 * A person claims a transaction they sent to the platform's one USDT (TRC-20) or SOL address
 * (decision 060): checked on chain, recorded once across all investors, then credited or queued.
 */
export async function registerChainClaimRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'db' | 'clock'>,
  services: Pick<Services, 'rates' | 'notifier' | 'admin'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const credit = createChainCredit(
    ctx,
    { rates: services.rates, notifier: services.notifier, approveDeposit: services.admin.approveDeposit },
    app.log,
  );
  const claims = createChainClaims(ctx, { credit, notifier: services.notifier }, app.log);
  r.post(
    '/api/deposits/chain-claims',
    {
      onRequest: requireUser,
      schema: {
        tags: ['cashier'],
        summary:
          "Claims a transaction sent to the platform's USDT (TRC-20) or SOL address: checked on chain (destination, amount, success, finality), recorded once whoever claims it, then credited or left for review",
        body: chainClaimRequest,
        response: { 201: chainClaimResponse },
      },
    },
    async (request, reply) => {
      const result = await claims.claim(request.user!.id, request.body.coin, request.body.txid);
      return reply.code(201).send(result);
    },
  );
}
