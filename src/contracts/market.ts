import { z } from 'zod';
import { pricedAssets } from '../core/coins';
import { depositCoins } from './cashier';
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

/** A rate as the deposit screen shows it (decision 056): micro-dollar precision, two to six decimals. */
export const coinRate = z.object({
  coin: z.enum(depositCoins),
  /** What the feed quotes: USDT for USDT_TRC20. */
  asset: z.enum(pricedAssets),
  /** Digits of the coin's smallest unit, for `coinToCents` on the screen. */
  decimals: z.number().int(),
  /** USD per whole coin; null when none was ever obtained. */
  rate: z
    .string()
    .regex(/^\d+\.\d{2,6}$/)
    .nullable(),
  fetchedAt: z.string().nullable(),
  ageSeconds: z.number().int().nullable(),
  /** `fresh`: usable for a conversion; `stale`: shown with its age, never used; `unavailable`: none. */
  state: z.enum(['fresh', 'stale', 'unavailable']),
  source: z.enum(['live', 'cache', 'snapshot']).nullable(),
});
export type CoinRate = z.infer<typeof coinRate>;

/** GET /api/market/rates: every deposit coin's rate, in the order of `depositCoins`. */
export const coinRatesResponse = z.object({ rates: z.array(coinRate) });

export const coinRateParams = z.object({ coin: z.enum(depositCoins) });
