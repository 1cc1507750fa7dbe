import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { AppContext } from '../../context';
import { instanceId, runLeasedJob, type LeasedJob } from '../../jobs/lease';
import { sealPending } from './seal';
import { oldestOpenTransactionAge } from './seal.repo';

export const SEAL_JOB = 'ledger-seal';

/**
 * What sealing costs, in /metrics: the time each pass took (reads, hashing and the seal's write)
 * and the rows it sealed, so its share of the server's time can be watched (and benched).
 */
function sealingMetrics(registry: Registry) {
  const passes = new Histogram({
    name: 'atlas_seal_pass_seconds',
    help: 'Time of each sealing pass (reading, hashing and writing its seals)',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const rows = new Counter({
    name: 'atlas_sealed_rows_total',
    help: 'Journal and audit rows sealed into the hash chain',
    registers: [registry],
  });
  return { passes, rows };
}

/**
 * Seals the journal and the audit trail every SEAL_INTERVAL_S on the instance holding the lease
 * (0 turns sealing off). The money path never waits for it: it seals committed rows afterwards.
 */
export function startSealing(
  ctx: AppContext,
  log: { error(obj: unknown, msg: string): void },
  holder: string = instanceId,
  registry?: Registry,
): LeasedJob | null {
  const intervalS = ctx.config.sealIntervalS;
  if (intervalS === 0) return null;
  const metrics = registry ? sealingMetrics(registry) : null;
  // What holds sealing back on PostgreSQL (decisions 022, 026): the oldest transaction open in this
  // database. Read at each scrape; an alert above a few SEAL_INTERVAL_S finds a stuck session.
  if (registry && ctx.dialect === 'postgres') {
    new Gauge({
      name: 'atlas_seal_horizon_age_seconds',
      help: 'Age of the oldest transaction open in this PostgreSQL database: rows committed since wait at least this long for their seal',
      registers: [registry],
      async collect() {
        this.set(await oldestOpenTransactionAge(ctx.db).catch(() => -1));
      },
    });
  }
  return runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    SEAL_JOB,
    intervalS * 1000,
    async () => {
      const done = metrics?.passes.startTimer();
      try {
        const sealed = await sealPending(ctx.db, ctx.clock, ctx.dialect);
        metrics?.rows.inc(sealed.rows);
      } finally {
        done?.();
      }
    },
    holder,
  );
}
