import type { AppContext } from '../../context';
import { instanceId, runLeasedJob, type LeasedJob } from '../../jobs/lease';
import type { LiabilitiesService } from './liabilities.service';
import { roundDue } from './round-schedule';

const CHECK_EVERY_MS = 3_600_000;
const FIRST_CHECK_MS = 60_000;

/**
 * Publishes a proof-of-liabilities round when one is due (LIABILITIES_ROUNDS, monthly by default),
 * on the instance holding the lease. A refused round (total not the journal's) is logged as an
 * error and tried again at the next check.
 */
export function startLiabilityRounds(
  ctx: AppContext,
  liabilities: LiabilitiesService,
  log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void },
  holder: string = instanceId,
): LeasedJob | null {
  const schedule = ctx.config.liabilities.rounds;
  if (schedule === 'off') return null;
  return runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    'liabilities-round',
    CHECK_EVERY_MS,
    async () => {
      if (!roundDue(schedule, await liabilities.lastSnapshotAt(), ctx.clock.now())) return;
      const round = await liabilities.runRound({ actorId: 'system', source: { ip: null, userAgent: 'job' } });
      log.info({ round: round.round, root: round.root, total: round.total }, 'proof-of-liabilities round published');
    },
    holder,
    FIRST_CHECK_MS,
  );
}
