import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { ensureFirstAdmin } from './modules/accounts/first-admin';
import { startLimiterSweep } from './modules/accounts/limiter-sweep';
import { startVerificationJob } from './modules/backoffice/verification.job';
import { startDataExports } from './modules/data-export/data-export.job';
import { startSealing } from './modules/ledger/seal.job';
import { startLiabilityRounds } from './modules/liabilities/round.job';
import { startMonitoring } from './modules/monitoring/monitoring.job';
import { startEmailDelivery } from './modules/notifications/notifications.job';
import { startPriceRefresh } from './modules/market/market.job';
import { startPerformanceSnapshots } from './modules/portfolio/snapshot';
import { startProofSweeper } from './modules/storage/proof-sweeper';
import { startClosureJobs } from './modules/closure/closure.job';
import { startChainWatch } from './modules/chain/chain-watch.job';
import { startIdentityExpiryWarnings } from './modules/identity/expiry-warning.job';

export interface RunningJobs {
  /** The operator created on the very first start of an empty embedded database, with its password. */
  firstAdmin?: { email: string; password: string };
  stop(): Promise<void>;
}

/**
 * Background work that runs beside the HTTP server, on the app's services: first-start tasks and
 * scheduled jobs (price refresh, monthly snapshots, e-mail delivery, proof sweeping). Each
 * scheduled job takes a lease so that it runs once across instances.
 */
export async function startJobs(app: FastifyInstance, ctx: AppContext): Promise<RunningJobs> {
  const { services } = app;
  const stops: Array<() => Promise<void>> = [];
  const firstAdmin = await ensureFirstAdmin(ctx, services.accounts.accounts, app.log);
  stops.push(startEmailDelivery(app, ctx).stop);
  stops.push(startPriceRefresh(ctx, services.rates, app.log).stop);
  stops.push(startPerformanceSnapshots(ctx, app.log).stop);
  stops.push(startLimiterSweep(ctx, app.log).stop);
  stops.push(startVerificationJob(ctx, app.log).stop);
  // Off when SEAL_INTERVAL_S=0.
  const sealing = startSealing(ctx, app.log, undefined, app.metrics);
  if (sealing) stops.push(sealing.stop);
  // Off when MONITORING_INTERVAL_S=0.
  const monitoring = startMonitoring(ctx, services.monitoring, app.log);
  if (monitoring) stops.push(monitoring.stop);
  // Off when LIABILITIES_ROUNDS=off.
  const rounds = startLiabilityRounds(ctx, services.liabilities, app.log);
  if (rounds) stops.push(rounds.stop);
  // Off without ESPLORA_URL_BTC / _LTC, or when CHAIN_INTERVAL_S=0.
  const chain = startChainWatch(ctx, services, app.log, app.metrics);
  if (chain) stops.push(chain.stop);
  stops.push(startDataExports(ctx, services.dataExport, app.log).stop);
  stops.push(startClosureJobs(ctx, services, app.log).stop);
  stops.push(startIdentityExpiryWarnings(ctx, app.log).stop);
  stops.push(
    startProofSweeper({ db: ctx.db, store: services.proofs, minAgeMs: ctx.config.proofSweepMinAgeMs, log: app.log })
      .stop,
  );
  return {
    firstAdmin,
    stop: async () => {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
