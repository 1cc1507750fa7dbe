import type { AppContext } from '../../context';
import { runLeasedJob, type LeasedJob } from '../../jobs/lease';
import type { PriceService } from './market.service';

/** Keeps a fresh snapshot in the database every TTL; one instance fetches, the others read it. */
export function startPriceRefresh(
  ctx: AppContext,
  prices: PriceService,
  log?: { error(obj: unknown, msg: string): void },
): LeasedJob {
  // First run a second after start, once the server listens (a test stand-in provider is the app itself).
  return runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    'price-refresh',
    ctx.config.price.ttlMs,
    async () => {
      await prices.refresh();
    },
    undefined,
    1_000,
  );
}
