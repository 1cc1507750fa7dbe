import type { AppContext } from '../../context';
import { runLeasedJob, type LeasedJob } from '../../jobs/lease';
import type { RateService } from './rates.service';

/** Keeps a fresh snapshot of every asset in the database every TTL; one instance fetches, the others read it. */
export function startPriceRefresh(
  ctx: AppContext,
  rates: Pick<RateService, 'refresh'>,
  log?: { error(obj: unknown, msg: string): void },
): LeasedJob {
  // First run a second after start, once the server listens (a test stand-in provider is the app itself).
  return runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    'price-refresh',
    ctx.config.price.ttlMs,
    async () => {
      await rates.refresh();
    },
    undefined,
    1_000,
  );
}
