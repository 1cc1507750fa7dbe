import { DAY_MS } from '../../../core/clock';
import type { Config } from '../../config';

/** Whether a new round is due: monthly means none yet in this UTC month, "every N days" since the last snapshot. */
export function roundDue(schedule: Config['liabilities']['rounds'], lastSnapshotAt: string | null, now: Date): boolean {
  if (schedule === 'off') return false;
  if (lastSnapshotAt === null) return true;
  const last = new Date(lastSnapshotAt);
  if (schedule === 'monthly')
    return last.getUTCFullYear() !== now.getUTCFullYear() || last.getUTCMonth() !== now.getUTCMonth();
  return now.getTime() - last.getTime() >= schedule.everyDays * DAY_MS;
}
