import type { AppContext } from '../../context';
import { instanceId, runLeasedJob, type LeasedJob } from '../../jobs/lease';
import type { MonitoringService } from './monitoring.service';

export const MONITORING_JOB = 'monitoring-alerts';

/**
 * Judges the journal every MONITORING_INTERVAL_S on the instance holding the lease (0 turns it
 * off). It reads committed rows afterwards: a money movement never waits for it nor fails by it.
 */
export function startMonitoring(
  ctx: AppContext,
  monitoring: MonitoringService,
  log: { error(obj: unknown, msg: string): void },
  holder: string = instanceId,
): LeasedJob | null {
  const intervalS = ctx.config.monitoring.intervalS;
  if (intervalS === 0) return null;
  return runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    MONITORING_JOB,
    intervalS * 1000,
    async () => {
      await monitoring.run();
    },
    holder,
  );
}
