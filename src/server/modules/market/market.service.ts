import type { PricedAsset, RateMicros } from '../../../core/coins';
import type { AppContext } from '../../context';
import { insertSnapshot, latestSnapshot, snapshotsSince, type Snapshot } from './market.repo';
import { fetchPrice } from './price-provider';

/** The symbol an asset's snapshots are stored under: 'BTC-USD', 'USDT-USD'. */
export const symbolOf = <A extends PricedAsset>(asset: A) => `${asset}-USD` as const;
export const BTC_SYMBOL = symbolOf('BTC');
/** After a failed fetch, callers get the last snapshot for this long instead of waiting on the provider again. */
const RETRY_AFTER_FAILURE_MS = 10_000;
const HISTORY_ROWS_MAX = 50_000;

export interface CurrentPrice {
  /** Integer cents of USD per coin. */
  priceCents: number;
  /** The same price in micro-dollars, what conversions use (decision 056). */
  rateMicros: RateMicros;
  /** ISO-8601 UTC instant the provider answered. */
  fetchedAt: string;
  ageMs: number;
  /** Older than config.price.staleAfterMs: the UI flags it. */
  stale: boolean;
  /** 'live': fetched for this call; 'cache': fetched within the TTL (by us or another instance); 'snapshot': the provider failed, last known price. */
  source: 'live' | 'cache' | 'snapshot';
}

export interface PriceService {
  /** The asset's price in USD, or null when none was ever obtained (callers then use stored values). */
  current(): Promise<CurrentPrice | null>;
  /** Fetches now regardless of the cache (the refresh job); null when the provider failed. A failure here does not hold back current(). */
  refresh(): Promise<CurrentPrice | null>;
  /** Stored prices since `since`, oldest first, evenly thinned to at most `maxPoints`. */
  history(since: Date, maxPoints?: number): Promise<Snapshot[]>;
  /** The next current() asks the provider whatever the cache holds (tests that change the stand-in's price). */
  invalidate(): void;
}

/** One asset's price: BTC's is the app's `prices`, the others are reached through the rates service. */
export function createPriceService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  asset: PricedAsset = 'BTC',
): PriceService {
  const { db, clock } = ctx;
  const symbol = symbolOf(asset);
  // Read on every call, not captured: a test server learns its own port (and so its stand-in provider's URL) after start.
  const settings = () => ({ ...ctx.config.price, url: ctx.config.price.urls[asset] });
  let cached: Snapshot | null = null;
  let failedAt = -Infinity;
  let inFlight: Promise<Snapshot | null> | null = null;
  let invalidated = false;
  // Bumped by invalidate(): a provider answer to a request made before it is not cached.
  let generation = 0;

  const ageOf = (s: Snapshot) => Math.max(0, clock.now().getTime() - Date.parse(s.fetchedAt));
  const view = (s: Snapshot, source: CurrentPrice['source']): CurrentPrice => {
    const ageMs = ageOf(s);
    return {
      priceCents: s.priceCents,
      rateMicros: s.priceMicros,
      fetchedAt: s.fetchedAt,
      ageMs,
      stale: ageMs > settings().staleAfterMs,
      source,
    };
  };

  // One provider request at a time per instance, however many callers are waiting.
  const fetchLive = (): Promise<Snapshot | null> => {
    if (inFlight) return inFlight;
    const startedIn = generation;
    const request: Promise<Snapshot | null> = (async () => {
      try {
        const price = await fetchPrice(settings().url, settings().timeoutMs, asset);
        const snapshot: Snapshot = {
          priceCents: price.cents,
          priceMicros: price.micros,
          fetchedAt: clock.now().toISOString(),
        };
        if (startedIn !== generation) return snapshot;
        await insertSnapshot(db, symbol, snapshot.priceCents, snapshot.fetchedAt, snapshot.priceMicros);
        cached = snapshot;
        return snapshot;
      } catch {
        return null;
      } finally {
        // Still the request in flight (not one that invalidate() replaced)?
        if (generation === startedIn) inFlight = null;
      }
    })();
    inFlight = request;
    return request;
  };

  const fallback = async (): Promise<CurrentPrice | null> => {
    const last = await latestSnapshot(db, symbol);
    return last ? view(last, 'snapshot') : null;
  };

  return {
    async current() {
      const { ttlMs } = settings();
      if (!invalidated) {
        if (cached && ageOf(cached) < ttlMs) return view(cached, 'cache');
        const stored = await latestSnapshot(db, symbol);
        if (stored && ageOf(stored) < ttlMs) {
          cached = stored;
          return view(stored, 'cache');
        }
        if (clock.now().getTime() - failedAt < RETRY_AFTER_FAILURE_MS) return stored ? view(stored, 'snapshot') : null;
      }
      invalidated = false;
      const live = await fetchLive();
      if (live) return view(live, 'live');
      failedAt = clock.now().getTime();
      return fallback();
    },
    async refresh() {
      const live = await fetchLive();
      return live ? view(live, 'live') : null;
    },
    async history(since, maxPoints = 500) {
      const rows = await snapshotsSince(db, symbol, since.toISOString(), HISTORY_ROWS_MAX);
      if (rows.length <= maxPoints) return rows;
      const step = rows.length / maxPoints;
      const thinned: Snapshot[] = [];
      for (let i = 0; i < maxPoints; i += 1) thinned.push(rows[Math.floor(i * step)]!);
      thinned[thinned.length - 1] = rows[rows.length - 1]!;
      return thinned;
    },
    invalidate() {
      generation += 1;
      inFlight = null;
      cached = null;
      failedAt = -Infinity;
      invalidated = true;
    },
  };
}
