import type { Clock } from '../../core/clock';
import type { Db } from '../db/index';

/**
 * Takes (or renews) the named lease until now + ttlMs. True when this holder has it. Correct under
 * concurrency on SQLite and PostgreSQL: the upsert only overwrites an expired lease or our own, so
 * of two instances racing for an expired lease exactly one sees its row come back. A lease that ends
 * later than now + ttlMs was taken by a clock ahead of ours (the clock stepped backwards, e.g. before
 * a restart under a new holder id): it is treated as expired, not held for the length of the step.
 */
export async function tryAcquireLease(
  db: Db,
  clock: Clock,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const now = clock.now();
  const expires = new Date(now.getTime() + ttlMs).toISOString();
  // A little slack for instances' clocks a few seconds apart.
  const impossible = new Date(now.getTime() + ttlMs + 60_000).toISOString();
  const row = await db
    .insertInto('job_lease')
    .values({ name, holder, expires_at: expires })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expires })
        .where((eb) =>
          eb.or([
            eb('job_lease.expires_at', '<=', now.toISOString()),
            eb('job_lease.expires_at', '>', impossible),
            eb('job_lease.holder', '=', holder),
          ]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}
