import { randomUUID } from 'node:crypto';
import type { Clock } from '../../core/clock';
import type { Db } from '../db/index';
import { tryAcquireLease } from './lease.repo';

/** Identifies this process among the instances sharing one database. */
export const instanceId = `${process.pid}-${randomUUID().slice(0, 8)}`;

export interface LeasedJob {
  /** Runs one tick now (tests call it directly); resolves to whether this instance did the work. */
  tick(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Every `intervalMs`, the instance holding the lease runs `work`. The lease lasts slightly less
 * than one interval, so a crashed holder is replaced at the next tick of another instance.
 */
export function runLeasedJob(
  deps: { db: Db; clock: Clock; log?: { error(obj: unknown, msg: string): void } },
  name: string,
  intervalMs: number,
  work: () => Promise<void>,
  holder: string = instanceId,
  firstTickMs: number = intervalMs,
): LeasedJob {
  let running: Promise<boolean> | null = null;
  const tick = (): Promise<boolean> => {
    running ??= (async () => {
      try {
        if (!(await tryAcquireLease(deps.db, deps.clock, name, holder, Math.max(1000, intervalMs - 1000))))
          return false;
        await work();
        return true;
      } catch (err) {
        deps.log?.error({ err, job: name }, 'job failed');
        return false;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  let timer: NodeJS.Timeout | null = null;
  // The first run may come sooner than the period (e.g. a fresh price shortly after start).
  const first = setTimeout(() => {
    void tick();
    timer = setInterval(() => void tick(), intervalMs);
    timer.unref();
  }, firstTickMs);
  first.unref();
  return {
    tick,
    stop: async () => {
      clearTimeout(first);
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
