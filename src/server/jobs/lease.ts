import { randomUUID } from 'node:crypto';
import type { Clock } from '../../core/clock';
import type { Db } from '../db/index';

/** Identifies this process among the instances sharing one database. */
export const instanceId = `${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * Takes (or renews) the named lease until now + ttlMs. True when this holder has it. Correct under
 * concurrency on SQLite and PostgreSQL: the upsert only overwrites an expired lease or our own, so
 * of two instances racing for an expired lease exactly one sees its row come back.
 */
export async function tryAcquireLease(db: Db, clock: Clock, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = clock.now();
  const expires = new Date(now.getTime() + ttlMs).toISOString();
  const row = await db
    .insertInto('job_lease')
    .values({ name, holder, expires_at: expires })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expires })
        .where((eb) => eb.or([eb('job_lease.expires_at', '<=', now.toISOString()), eb('job_lease.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_lease').where('name', '=', name).where('holder', '=', holder).execute();
}

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
        if (!(await tryAcquireLease(deps.db, deps.clock, name, holder, Math.max(1000, intervalMs - 1000)))) return false;
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
