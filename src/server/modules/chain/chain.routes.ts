import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chainPaymentsResponse, type ChainPayments } from '../../../contracts/chain';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { paymentsOf } from './chain-watch.service';

/** Smallest units (satoshis, litoshis) as coins: "125000" → "0.00125". */
function coinsOf(units: number | string): string {
  const digits = BigInt(units).toString().padStart(9, '0');
  const whole = digits.slice(0, -8);
  const fraction = digits.slice(-8).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

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
      const coins = config.chain.coins;
      const rows = await paymentsOf(db, request.user!.id);
      return {
        followed: (['BTC', 'LTC'] as const).flatMap((coin) => {
          const c = coins[coin];
          return c ? [{ coin, required: c.confirmations }] : [];
        }),
        payments: rows.map((p) => ({
          coin: p.coin,
          txid: p.txid,
          vout: Number(p.vout),
          amount: coinsOf(p.amount),
          state: p.state,
          confirmations: Number(p.confirmations),
          required: coins[p.coin]?.confirmations ?? 0,
          firstSeenAt: p.first_seen_at,
        })),
      };
    },
  );
}
