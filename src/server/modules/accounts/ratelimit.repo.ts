import { sql } from 'kysely';
import type { Db } from '../../db/index';

/**
 * Fixed-window counters in the database, so that every instance shares them. The upsert is one
 * statement: concurrent hits on SQLite and PostgreSQL each see their own incremented count. A window
 * that starts more than one window ahead of now (the clock stepped backwards) is over, like an old one;
 * a nearer one (instances' clocks a little apart) runs on, so no window lasts beyond two.
 */
export async function hitCounter(db: Db, key: string, now: Date, windowMs: number): Promise<number> {
  const nowIso = now.toISOString();
  const expired = new Date(now.getTime() - windowMs).toISOString();
  const ahead = new Date(now.getTime() + windowMs).toISOString();
  const over = sql<boolean>`(rate_limit.window_start <= ${expired} or rate_limit.window_start > ${ahead})`;
  const row = await db
    .insertInto('rate_limit')
    .values({ key, window_start: nowIso, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${over} then 1 else rate_limit.hits + 1 end`,
        window_start: sql<string>`case when ${over} then ${nowIso} else rate_limit.window_start end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** The count in the current window, without adding to it. */
export async function peekCounter(db: Db, key: string, now: Date, windowMs: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limit')
    .select(['hits', 'window_start'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (
    !row ||
    row.window_start <= new Date(now.getTime() - windowMs).toISOString() ||
    row.window_start > new Date(now.getTime() + windowMs).toISOString()
  )
    return 0;
  return Number(row.hits);
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limit').where('key', '=', key).execute();
}
