import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DAY_MS } from '../../../core/clock';
import { toDecimalString } from '../../../core/money';
import { btcHistoryQuery, btcHistoryResponse, btcPriceResponse } from '../../../contracts/market';
import type { AppContext } from '../../context';
import { BTC_SYMBOL, type PriceService } from './market.service';

/** Public market data: the current BTC price (with its age) and the stored history for charts. */
export async function registerMarketRoutes(app: FastifyInstance, ctx: AppContext, prices: PriceService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/market/btc',
    { schema: { tags: ['market'], response: { 200: btcPriceResponse } } },
    async (_req, reply) => {
      const price = await prices.current();
      reply.header('cache-control', 'no-store');
      return {
        symbol: BTC_SYMBOL,
        price: price ? toDecimalString(price.priceCents) : null,
        fetchedAt: price?.fetchedAt ?? null,
        ageSeconds: price ? Math.floor(price.ageMs / 1000) : null,
        stale: price ? price.stale : true,
        source: price?.source ?? null,
      } as const;
    },
  );

  r.get(
    '/api/market/btc/history',
    { schema: { tags: ['market'], querystring: btcHistoryQuery, response: { 200: btcHistoryResponse } } },
    async (req) => {
      const since = new Date(ctx.clock.now().getTime() - req.query.days * DAY_MS);
      const rows = await prices.history(since);
      return {
        symbol: BTC_SYMBOL,
        points: rows.map((s) => ({ price: toDecimalString(s.priceCents), at: s.fetchedAt })),
      } as const;
    },
  );
}
