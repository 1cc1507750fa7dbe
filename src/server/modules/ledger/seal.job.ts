import type { AppContext } from '../../context';
import { instanceId, runLeasedJob, type LeasedJob } from '../../jobs/lease';
import { sealPending } from './seal';

export const SEAL_JOB = 'ledger-seal';

/**
 * Seals the journal and the audit trail every SEAL_INTERVAL_S on the instance holding the lease
 * (0 turns sealing off). The money path never waits for it: it stamps committed rows afterwards.
 */
export function startSealing(
  ctx: AppContext,
  log: { error(obj: unknown, msg: string): void },
  holder: string = instanceId,
): LeasedJob | null {
  const intervalS = ctx.config.sealIntervalS;
  if (intervalS === 0) return null;
  return runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    SEAL_JOB,
    intervalS * 1000,
    async () => {
      await sealPending(ctx.db, ctx.clock, ctx.dialect);
    },
    holder,
  );
}
