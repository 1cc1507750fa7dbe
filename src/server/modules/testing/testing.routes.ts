import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { createTestingService } from './testing.service';
import type { PriceService } from '../market/market.service';

const nowResponse = z.object({ now: z.string() });

/**
 * Registered only when config.testClock is on (which config forbids in production): browser
 * journeys move days forward and choose the BTC price that BTC_PRICE_URL reads back from here.
 */
export async function registerTestingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  prices: PriceService,
): Promise<void> {
  if (!ctx.config.testClock) return;
  const testing = createTestingService(ctx, prices);
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

  // Shaped like Coinbase's spot endpoint: { data: { amount } }.
  r.get('/api/test/btc-price', { schema: hide }, async (_req, reply) => {
    const amount = testing.btcAmount();
    if (amount === null) return reply.status(503).send({ errors: [{ id: 'unavailable' }] });
    return { data: { amount, base: 'BTC', currency: 'USD' } };
  });
  r.post(
    '/api/test/btc-price',
    {
      schema: {
        ...hide,
        body: z.object({
          amount: z
            .string()
            .regex(/^\d{1,12}(\.\d{1,8})?$/)
            .nullable(),
        }),
      },
    },
    async (req) => {
      testing.setBtcAmount(req.body.amount);
      return { data: { amount: req.body.amount } };
    },
  );
}
