import type { Db } from '../../db/index';

/** Every investment ever made (stopped ones included): their sum, and the date of the first. */
export async function investmentTotals(db: Db, userId: string) {
  return db
    .selectFrom('investment')
    .select((eb) => [
      eb.fn.sum<number | string | null>('amount_cents').as('total'),
      eb.fn.min<string | null>('created_at').as('first'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
