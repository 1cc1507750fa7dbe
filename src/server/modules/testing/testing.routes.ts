import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { createTestingService } from './testing.service';
import { pricedAssets, type PricedAsset } from '../../../core/coins';
import type { RateService } from '../market/rates.service';

const nowResponse = z.object({ now: z.string() });

/**
 * Registered only when config.testClock is on (which config forbids in production): browser
 * journeys move days forward and choose the prices that BTC_PRICE_URL, LTC_PRICE_URL… read back from here.
 */
export async function registerTestingRoutes(app: FastifyInstance, ctx: AppContext, rates: RateService): Promise<void> {
  if (!ctx.config.testClock) return;
  const testing = createTestingService(ctx, rates);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hide = { hide: true } as const;

  r.post(
    '/api/test/clock',
    {
      schema: {
        ...hide,
        body: z.object({ advanceDays: z.number().int().min(0).max(3650) }),
        response: { 200: nowResponse },
      },
    },
    async (req) => ({ now: testing.advanceDays(req.body.advanceDays).toISOString() }),
  );
  r.get('/api/test/clock', { schema: { ...hide, response: { 200: nowResponse } } }, async () => ({
    now: testing.now().toISOString(),
  }));

  r.get(
    '/api/test/verification-link',
    {
      schema: {
        ...hide,
        querystring: z.object({ email: z.string().max(254) }),
        response: { 200: z.object({ url: z.string().nullable() }) },
      },
    },
    async (req) => ({ url: await testing.verificationLink(req.query.email) }),
  );

  // Shaped like Coinbase's spot endpoint: { data: { amount, base, currency } }. One per asset
  // (`/api/test/price/LTC`); `/api/test/btc-price` is BTC's, as before.
  const amountBody = z.object({
    amount: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,8})?$/)
      .nullable(),
  });
  const assetParams = z.object({ asset: z.enum(pricedAssets) });
  const answer = (asset: PricedAsset, reply: FastifyReply) => {
    const amount = testing.amount(asset);
    if (amount === null) return reply.status(503).send({ errors: [{ id: 'unavailable' }] });
    return { data: { amount, base: asset, currency: 'USD' } };
  };
  const set = (asset: PricedAsset, amount: string | null) => {
    testing.setAmount(asset, amount);
    return { data: { amount } };
  };
  r.get('/api/test/btc-price', { schema: hide }, async (_req, reply) => answer('BTC', reply));
  r.post('/api/test/btc-price', { schema: { ...hide, body: amountBody } }, async (req) => set('BTC', req.body.amount));
  r.get('/api/test/price/:asset', { schema: { ...hide, params: assetParams } }, async (req, reply) =>
    answer(req.params.asset, reply),
  );
  r.post('/api/test/price/:asset', { schema: { ...hide, params: assetParams, body: amountBody } }, async (req) =>
    set(req.params.asset, req.body.amount),
  );
}
