import { z } from 'zod';
import { decimalAmount } from './money';

/** GET /api/market/btc. `price` is null when no price was ever obtained: callers show stored values. */
export const btcPriceResponse = z.object({
  symbol: z.literal('BTC-USD'),
  price: decimalAmount.nullable(),
  fetchedAt: z.string().nullable(),
  ageSeconds: z.number().int().nullable(),
  stale: z.boolean(),
  source: z.enum(['live', 'cache', 'snapshot']).nullable(),
});
export type BtcPriceResponse = z.infer<typeof btcPriceResponse>;

export const btcHistoryQuery = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});

/** GET /api/market/btc/history: stored snapshots, oldest first, thinned to at most 500 points. */
export const btcHistoryResponse = z.object({
  symbol: z.literal('BTC-USD'),
  points: z.array(z.object({ price: decimalAmount, at: z.string() })),
});
export type BtcHistoryResponse = z.infer<typeof btcHistoryResponse>;
