import { DomainError } from '../../../core/errors';
import type { AppContext } from '../../context';
import { instanceId, runLeasedJob, type LeasedJob } from '../../jobs/lease';
import type { LiabilitiesService } from './liabilities.service';
import { roundDue } from './round-schedule';

const CHECK_EVERY_MS = 3_600_000;
const FIRST_CHECK_MS = 60_000;

/**
 * Publishes a proof-of-liabilities round when one is due (LIABILITIES_ROUNDS, monthly by default),
 * on the instance holding the lease. A refused round (total not the journal's) is logged as an
 * error and tried again at the next check; a round that needs a BTC price and has no fresh one is
 * postponed, its reason logged, and tried again at the next check (decision 052).
 */
export function startLiabilityRounds(
  ctx: AppContext,
  liabilities: LiabilitiesService,
  log: {
    error(obj: unknown, msg: string): void;
    warn(obj: unknown, msg: string): void;
    info(obj: unknown, msg: string): void;
  },
  holder: string = instanceId,
): LeasedJob | null {
  const schedule = ctx.config.liabilities.rounds;
  if (schedule === 'off') return null;
  return runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    'liabilities-round',
    CHECK_EVERY_MS,
    async () => {
      const last = await liabilities.lastSnapshotAt();
      const owed = last === null && (await liabilities.anythingOwed());
      if (!roundDue(schedule, last, ctx.clock.now(), owed)) return;
      let round;
      try {
        round = await liabilities.runRound({ actorId: 'system', source: { ip: null, userAgent: 'job' } });
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'liabilities_price_unavailable') throw err;
        log.warn(
          { reason: err.params.reason, priceAt: err.params.priceAt },
          'proof-of-liabilities round postponed: no fresh BTC price',
        );
        return;
      }
      log.info({ round: round.round, root: round.root, total: round.total }, 'proof-of-liabilities round published');
    },
    holder,
    FIRST_CHECK_MS,
  );
}
