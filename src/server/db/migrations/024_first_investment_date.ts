import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The withdrawal lock reads one keyed row (decision 032): `user_profile.first_investment_date`,
 * written by an investment plan from now on, here filled in for the investments made before.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await sql`update user_profile set first_investment_date =
      (select min(i.created_at) from investment i where i.user_id = user_profile.user_id)
    where first_investment_date is null
      and exists (select 1 from investment i where i.user_id = user_profile.user_id)`.execute(db);
}
