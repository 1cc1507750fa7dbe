import type { AppContext } from '../../context';
import { runLeasedJob, type LeasedJob } from '../../jobs/lease';
import type { ClosureService } from './closure.service';
import type { RetentionService } from './retention.service';

/** Open closures follow the events that are not their owner's (an operator's decision, a lock's end). */
export const CLOSURE_INTERVAL_MS = 60_000;
/** The retention schedule runs daily; its horizons are days. */
export const RETENTION_INTERVAL_MS = 86_400_000;

/** Both leased (decision 020's jobs pattern): one instance works per tick. */
export function startClosureJobs(
  ctx: AppContext,
  services: { closure: ClosureService; retention: RetentionService },
  log?: { error(obj: unknown, msg: string): void; info?(obj: unknown, msg: string): void },
): { closure: LeasedJob; retention: LeasedJob; stop(): Promise<void> } {
  const deps = { db: ctx.db, clock: ctx.clock, log };
  const closure = runLeasedJob(deps, 'account-closure', CLOSURE_INTERVAL_MS, async () => {
    await services.closure.advanceAll();
  });
  const retention = runLeasedJob(
    deps,
    'retention',
    RETENTION_INTERVAL_MS,
    async () => {
      const r = await services.retention.runAll();
      if (r.actions > 0) log?.info?.({ job: 'retention', ...r }, 'retention actions done');
    },
    undefined,
    60_000,
  );
  return {
    closure,
    retention,
    stop: async () => {
      await closure.stop();
      await retention.stop();
    },
  };
}
