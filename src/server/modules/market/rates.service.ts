import { coins, pricedAssets, type Coin, type PricedAsset, type RateMicros } from '../../../core/coins';
import type { AppContext } from '../../context';
import { createPriceService, type CurrentPrice, type PriceService } from './market.service';

/**
 * A rate as a conversion may use it (decision 056): `fresh` carries the rate; `stale` (older than
 * PRICE_STALE_AFTER_S) and `unavailable` (never obtained) carry none, so no caller can credit or pay
 * at a rate that is old or made up.
 */
export type ConversionRate =
  | { ok: true; coin: Coin; rateMicros: RateMicros; fetchedAt: string }
  | { ok: false; coin: Coin; reason: 'stale' | 'unavailable' };

export interface RateService {
  /** The asset's current price with its age and staleness (the last known one when the feed fails), or null. */
  current(asset: PricedAsset): Promise<CurrentPrice | null>;
  /** The rate a conversion of `coin` may use now, or why there is none. */
  forConversion(coin: Coin): Promise<ConversionRate>;
  /** Fetches every asset now (the refresh job); one failing feed does not hold back the others. */
  refresh(): Promise<void>;
  /** The next read of `asset` asks its provider whatever the cache holds (tests that change a stand-in's price). */
  invalidate(asset: PricedAsset): void;
}

/** Every asset's feed, with BTC's timeout, cache and staleness rules; BTC's is the app's own `prices`. */
export function createRateService(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, btc: PriceService): RateService {
  const feeds = Object.fromEntries(
    pricedAssets.map((asset) => [asset, asset === 'BTC' ? btc : createPriceService(ctx, asset)]),
  ) as Record<PricedAsset, PriceService>;

  const feedOf = (coin: Coin): PriceService | null => {
    const asset = coins[coin]?.asset;
    return (pricedAssets as readonly string[]).includes(asset) ? feeds[asset as PricedAsset] : null;
  };

  return {
    current: (asset) => feeds[asset].current(),
    async forConversion(coin) {
      const feed = feedOf(coin);
      const price = feed ? await feed.current() : null;
      if (!price) return { ok: false, coin, reason: 'unavailable' };
      if (price.stale) return { ok: false, coin, reason: 'stale' };
      return { ok: true, coin, rateMicros: price.rateMicros, fetchedAt: price.fetchedAt };
    },
    async refresh() {
      await Promise.all(pricedAssets.map((asset) => feeds[asset].refresh()));
    },
    invalidate: (asset) => feeds[asset].invalidate(),
  };
}
