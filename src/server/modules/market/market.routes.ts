import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DAY_MS } from '../../../core/clock';
import { toDecimalString } from '../../../core/money';
import { coins, formatRate, type Coin } from '../../../core/coins';
import { depositCoins } from '../../../contracts/cashier';
import {
  btcHistoryQuery,
  btcHistoryResponse,
  btcPriceResponse,
  coinRate,
  coinRateParams,
  coinRatesResponse,
  type CoinRate,
} from '../../../contracts/market';
import type { AppContext } from '../../context';
import { BTC_SYMBOL, type PriceService } from './market.service';
import type { RateService } from './rates.service';

/**
 * Public market data: the current BTC price (with its age), the stored history for charts, and each
 * deposit coin's rate with its state (decision 056).
 */
export async function registerMarketRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  prices: PriceService,
  rates: RateService,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const rateOf = async (coin: Coin): Promise<CoinRate> => {
    const { asset, decimals } = coins[coin];
    const price = await rates.current(asset as CoinRate['asset']);
    return {
      coin: coin as CoinRate['coin'],
      asset: asset as CoinRate['asset'],
      decimals,
      rate: price ? formatRate(price.rateMicros) : null,
      fetchedAt: price?.fetchedAt ?? null,
      ageSeconds: price ? Math.floor(price.ageMs / 1000) : null,
      state: !price ? 'unavailable' : price.stale ? 'stale' : 'fresh',
      source: price?.source ?? null,
    };
  };

  r.get(
    '/api/market/rates',
    { schema: { tags: ['market'], response: { 200: coinRatesResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { rates: await Promise.all(depositCoins.map(rateOf)) };
    },
  );

  r.get(
    '/api/market/rates/:coin',
    { schema: { tags: ['market'], params: coinRateParams, response: { 200: coinRate } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return rateOf(req.params.coin);
    },
  );

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
