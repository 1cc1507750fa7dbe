import type { AppContext } from '../../context';
import { insertSnapshot, latestSnapshot, snapshotsSince, type Snapshot } from './market.repo';
import { fetchPriceCents } from './price-provider';

export const BTC_SYMBOL = 'BTC-USD';
/** After a failed fetch, callers get the last snapshot for this long instead of waiting on the provider again. */
const RETRY_AFTER_FAILURE_MS = 10_000;
const HISTORY_ROWS_MAX = 50_000;

export interface CurrentPrice {
  /** Integer cents of USD per BTC. */
  priceCents: number;
  /** ISO-8601 UTC instant the provider answered. */
  fetchedAt: string;
  ageMs: number;
  /** Older than config.price.staleAfterMs: the UI flags it. */
  stale: boolean;
  /** 'live': fetched for this call; 'cache': fetched within the TTL (by us or another instance); 'snapshot': the provider failed, last known price. */
  source: 'live' | 'cache' | 'snapshot';
}

export interface PriceService {
  /** The BTC-USD price, or null when none was ever obtained (callers then use stored values). */
  current(): Promise<CurrentPrice | null>;
  /** Fetches now regardless of the cache (the refresh job); null when the provider failed. A failure here does not hold back current(). */
  refresh(): Promise<CurrentPrice | null>;
  /** Stored prices since `since`, oldest first, evenly thinned to at most `maxPoints`. */
  history(since: Date, maxPoints?: number): Promise<Snapshot[]>;
  /** The next current() asks the provider whatever the cache holds (tests that change the stand-in's price). */
  invalidate(): void;
}

export function createPriceService(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): PriceService {
  const { db, clock } = ctx;
  // Read on every call, not captured: a test server learns its own port (and so its stand-in provider's URL) after start.
  const settings = () => ctx.config.price;
  let cached: Snapshot | null = null;
  let failedAt = -Infinity;
  let inFlight: Promise<Snapshot | null> | null = null;
  let invalidated = false;
  // Bumped by invalidate(): a provider answer to a request made before it is not cached.
  let generation = 0;

  const ageOf = (s: Snapshot) => Math.max(0, clock.now().getTime() - Date.parse(s.fetchedAt));
  const view = (s: Snapshot, source: CurrentPrice['source']): CurrentPrice => {
    const ageMs = ageOf(s);
    return { priceCents: s.priceCents, fetchedAt: s.fetchedAt, ageMs, stale: ageMs > settings().staleAfterMs, source };
  };

  // One provider request at a time per instance, however many callers are waiting.
  const fetchLive = (): Promise<Snapshot | null> => {
    if (inFlight) return inFlight;
    const startedIn = generation;
    const request: Promise<Snapshot | null> = (async () => {
      try {
        const priceCents = await fetchPriceCents(settings().url, settings().timeoutMs);
        const snapshot = { priceCents, fetchedAt: clock.now().toISOString() };
        if (startedIn !== generation) return snapshot;
        await insertSnapshot(db, BTC_SYMBOL, snapshot.priceCents, snapshot.fetchedAt);
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
    const last = await latestSnapshot(db, BTC_SYMBOL);
    return last ? view(last, 'snapshot') : null;
  };

  return {
    async current() {
      const { ttlMs } = settings();
      if (!invalidated) {
        if (cached && ageOf(cached) < ttlMs) return view(cached, 'cache');
        const stored = await latestSnapshot(db, BTC_SYMBOL);
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
      const rows = await snapshotsSince(db, BTC_SYMBOL, since.toISOString(), HISTORY_ROWS_MAX);
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
