import { DAY_MS } from '../../../core/clock';
import type { Config } from '../../config';

/**
 * Whether a new round is due: monthly means none yet in this UTC month, "every N days" since the
 * last snapshot. The first round waits until someone is owed something: a fresh server would
 * otherwise publish a $0 round a minute after it first starts (decision 045).
 */
export function roundDue(
  schedule: Config['liabilities']['rounds'],
  lastSnapshotAt: string | null,
  now: Date,
  anythingOwed: boolean,
): boolean {
  if (schedule === 'off') return false;
  if (lastSnapshotAt === null) return anythingOwed;
  const last = new Date(lastSnapshotAt);
  if (schedule === 'monthly')
    return last.getUTCFullYear() !== now.getUTCFullYear() || last.getUTCMonth() !== now.getUTCMonth();
  return now.getTime() - last.getTime() >= schedule.everyDays * DAY_MS;
}
