import type { Clock } from '../../core/clock';
import { monthEnd, monthKey } from '../../core/valuation';

/** setTimeout's longest wait; a month is longer, so a far turn is reached in steps. */
const MAX_WAIT_MS = 2_000_000_000;
/** A moment after the turn, so that the closed month is complete on every instance's clock. */
const AFTER_TURN_MS = 1_000;

/**
 * Calls `onTurn` just after each month turn (UTC) of `clock`, so that the month that closed is
 * recorded at once rather than at the next periodic run. Returns the function that stops it.
 */
export function atEachMonthTurn(clock: Clock, onTurn: () => void): () => void {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    const now = clock.now().getTime();
    const turn = monthEnd(monthKey(new Date(now))).getTime() + AFTER_TURN_MS;
    timer = setTimeout(
      () => {
        if (clock.now().getTime() >= turn) onTurn();
        arm();
      },
      Math.min(turn - now, MAX_WAIT_MS),
    );
    timer.unref?.();
  };
  arm();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
