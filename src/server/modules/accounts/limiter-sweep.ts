import type { AppContext } from '../../context';
import { sweepLimiterRows } from './signin-throttle.repo';

/** Longer than every limiter window (the longest is one hour): older rows count for nothing. */
export const LIMITER_ROW_MAX_AGE_MS = 2 * 3_600_000;
const SWEEP_EVERY_MS = 10 * 60_000;

/** Removes expired limiter rows every ten minutes. No lease: deleting twice on two instances is harmless. */
export function startLimiterSweep(
  ctx: AppContext,
  log: { error(obj: unknown, msg: string): void },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= sweepLimiterRows(ctx.db, new Date(ctx.clock.now().getTime() - LIMITER_ROW_MAX_AGE_MS))
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'limiter sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
