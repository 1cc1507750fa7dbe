import { Counter, Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../../context';
import { instanceId, runLeasedJob, type LeasedJob } from '../../jobs/lease';
import type { Services } from '../../services';
import { createChainCredit } from './chain-credit.service';
import { createChainWatch, type ChainWatchEvents } from './chain-watch.service';

export const CHAIN_WATCH_JOB = 'chain-watch';

/** What the watcher does, in /metrics, per coin (docs/operations.md "Following the chain"). */
export function chainWatchMetrics(registry: Registry): Omit<ChainWatchEvents, 'changed'> {
  const labelNames = ['coin'] as const;
  const blocks = new Counter({
    name: 'atlas_chain_blocks_total',
    help: 'Blocks read and verified',
    labelNames,
    registers: [registry],
  });
  const payments = new Counter({
    name: 'atlas_chain_payments_total',
    help: "Outputs paying an investor's own address, by where they were found (mempool: seen; block: in_block)",
    labelNames: ['coin', 'state'],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'atlas_chain_refused_total',
    help: 'Blocks or transactions a provider served whose content does not hash to what it claimed (never recorded)',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'atlas_chain_provider_errors_total',
    help: 'Requests to a provider that failed or ended by the timeout (the pass is tried again later)',
    labelNames,
    registers: [registry],
  });
  const reorgs = new Counter({
    name: 'atlas_chain_reorgs_total',
    help: 'Reorganisations undone (blocks read that left the best chain)',
    labelNames,
    registers: [registry],
  });
  const holds = new Counter({
    name: 'atlas_chain_holds_total',
    help: "Credited payments whose block left the best chain: an operator must look, the person's withdrawals are held",
    labelNames,
    registers: [registry],
  });
  const height = new Gauge({
    name: 'atlas_chain_height',
    help: 'The height of the last block read',
    labelNames,
    registers: [registry],
  });
  return {
    block: (coin) => blocks.inc({ coin }),
    payment: (coin, state) => payments.inc({ coin, state }),
    refused: (coin) => refused.inc({ coin }),
    providerError: (coin) => errors.inc({ coin }),
    reorg: (coin) => reorgs.inc({ coin }),
    hold: (coin) => holds.inc({ coin }),
    height: (coin, h) => height.set({ coin }, h),
  };
}

/**
 * Follows the chain every CHAIN_INTERVAL_S on the instance holding the lease (0 turns it off; off
 * too without ESPLORA_URL_BTC / _LTC). The first pass comes soon after start. Each pass then gives
 * the payments it confirmed their outcome (a deposit, credited by the policy or left to the
 * operators, or a refund; decision 059), and every change reaches the person's screens at once.
 */
export function startChainWatch(
  ctx: AppContext,
  services: Pick<Services, 'rates' | 'notifier' | 'admin'>,
  log: { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void },
  registry?: Registry,
  holder: string = instanceId,
): LeasedJob | null {
  const { intervalS, coins } = ctx.config.chain;
  const claims = ctx.config.chain.claims;
  // Claimed payments (decision 060) also need the pass: one that waited for a rate gets it there.
  if (intervalS === 0 || (Object.keys(coins).length === 0 && !claims?.USDT_TRC20 && !claims?.SOL)) return null;
  const { notifier } = services;
  const watch = createChainWatch(ctx, log, {
    ...(registry ? chainWatchMetrics(registry) : {}),
    changed: (userId) => notifier.requestChanged(userId, 'deposit'),
  });
  const credit = createChainCredit(
    ctx,
    { rates: services.rates, notifier, approveDeposit: services.admin.approveDeposit },
    log,
  );
  return runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    CHAIN_WATCH_JOB,
    intervalS * 1000,
    async () => {
      await watch.run();
      await credit.run();
    },
    holder,
    Math.min(intervalS * 1000, 5000),
  );
}
