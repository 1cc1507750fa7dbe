import type { AppContext } from '../../context';
import { runLeasedJob, type LeasedJob } from '../../jobs/lease';
import type { DataExportService } from './data-export.service';

/** How often the builder looks for waiting exports (a new request also wakes it at once). */
export const DATA_EXPORT_INTERVAL_MS = 2000;

/** Builds the data exports, one instance at a time across the fleet (a lease), and deletes expired files. */
export function startDataExports(
  ctx: AppContext,
  exports: DataExportService,
  log: { error(obj: unknown, msg: string): void },
): LeasedJob {
  const job = runLeasedJob({ db: ctx.db, clock: ctx.clock, log }, 'data-export', DATA_EXPORT_INTERVAL_MS, async () => {
    await exports.runPending();
  });
  exports.onQueued(() => void job.tick());
  return job;
}
