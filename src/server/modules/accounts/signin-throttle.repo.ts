import { sql } from 'kysely';
import type { Db } from '../../db/index';

/**
 * Adds one failure for (account, address); a pair quiet for a whole window starts again from one, and
 * so does a pair stamped more than a window ahead (the clock stepped backwards since).
 */
export async function recordFailure(db: Db, account: string, ip: string, now: Date, windowMs: number): Promise<number> {
  const nowIso = now.toISOString();
  const expired = new Date(now.getTime() - windowMs).toISOString();
  const ahead = new Date(now.getTime() + windowMs).toISOString();
  const row = await db
    .insertInto('sign_in_failure')
    .values({ account, ip, failures: 1, last_at: nowIso })
    .onConflict((oc) =>
      oc.columns(['account', 'ip']).doUpdateSet({
        failures: sql<number>`case when sign_in_failure.last_at <= ${expired} or sign_in_failure.last_at > ${ahead} then 1 else sign_in_failure.failures + 1 end`,
        last_at: nowIso,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function findPair(db: Db, account: string, ip: string) {
  return db
    .selectFrom('sign_in_failure')
    .select(['failures', 'last_at'])
    .where('account', '=', account)
    .where('ip', '=', ip)
    .executeTakeFirst();
}

/** How many addresses failed on this account within the window (`until` drops rows stamped by a clock far ahead). */
export async function failingAddresses(db: Db, account: string, since: Date, until: Date): Promise<number> {
  const row = await db
    .selectFrom('sign_in_failure')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account', '=', account)
    .where('last_at', '>', since.toISOString())
    .where('last_at', '<=', until.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function clearPair(db: Db, account: string, ip: string): Promise<void> {
  await db.deleteFrom('sign_in_failure').where('account', '=', account).where('ip', '=', ip).execute();
}

/** Expired limiter rows: fixed-window counters and failure pairs older than `before`. */
export async function sweepLimiterRows(db: Db, before: Date): Promise<number> {
  const iso = before.toISOString();
  const a = await db.deleteFrom('rate_limit').where('window_start', '<', iso).executeTakeFirst();
  const b = await db.deleteFrom('sign_in_failure').where('last_at', '<', iso).executeTakeFirst();
  return Number(a.numDeletedRows ?? 0) + Number(b.numDeletedRows ?? 0);
}
