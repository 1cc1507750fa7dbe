import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chainClaimRequest,
  chainClaimResponse,
  chainSender,
  chainSenderRequest,
  chainSendersResponse,
} from '../../../contracts/chain';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import type { Services } from '../../services';
import { createChainClaims } from './chain-claims.service';
import { createChainCredit } from './chain-credit.service';
import { createChainSenders, MAX_SENDERS_PER_COIN } from './chain-senders.service';

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
  const senders = createChainSenders(ctx);
  const claims = createChainClaims(ctx, { credit, notifier: services.notifier, senders }, app.log);
  r.get(
    '/api/deposits/chain-senders',
    {
      onRequest: requireUser,
      schema: {
        tags: ['cashier'],
        summary:
          'The addresses the person registered to send USDT (TRC-20) or SOL from: a claim is accepted only from one of them, registered before the payment',
        response: { 200: chainSendersResponse },
      },
    },
    async (request, reply) => {
      reply.headers({ 'cache-control': 'no-store' });
      return { senders: await senders.list(request.user!.id), max: MAX_SENDERS_PER_COIN };
    },
  );
  r.post(
    '/api/deposits/chain-senders',
    {
      onRequest: requireUser,
      schema: {
        tags: ['cashier'],
        summary:
          'Registers an address the person will send USDT (TRC-20) or SOL from, before paying: one person per address, at most five per coin',
        body: chainSenderRequest,
        response: { 201: chainSender },
      },
    },
    async (request, reply) => {
      const sender = await senders.register(request.user!.id, request.body.coin, request.body.address);
      return reply.code(201).send(sender);
    },
  );
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
