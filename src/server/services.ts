import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { ensureFirstAdmin } from './modules/accounts/first-admin';
import { startEmailDelivery } from './modules/notifications/notifications.job';
import { startPriceRefresh } from './modules/market/market.job';
import { startPerformanceSnapshots } from './modules/portfolio/snapshot';
import { proofStoreFor } from './modules/storage/proof-store';
import { startProofSweeper } from './modules/storage/proof-sweeper';
import { startSealing } from './modules/ledger/seal.job';

export interface RunningServices {
  stop(): Promise<void>;
}

/**
 * Background work that runs beside the HTTP server: first-start tasks and scheduled jobs
 * (price refresh, monthly snapshots, e-mail delivery, sealing of the journal). Each job takes a lease so that it runs
 * once across instances.
 */
export async function startServices(app: FastifyInstance, ctx: AppContext): Promise<RunningServices> {
  const stops: Array<() => Promise<void>> = [];
  await ensureFirstAdmin(ctx, app.log);
  stops.push(startEmailDelivery(app, ctx).stop);
  stops.push(startPriceRefresh(ctx, app.log).stop);
  stops.push(startPerformanceSnapshots(ctx, app.log).stop);
  const sealing = startSealing(ctx, app.log);
  if (sealing) stops.push(sealing.stop);
  stops.push(startProofSweeper({ db: ctx.db, store: proofStoreFor(ctx), minAgeMs: ctx.config.proofSweepMinAgeMs, log: app.log }).stop);
  return {
    stop: async () => {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
