import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * When the second factor was last turned off: withdrawals wait 24 h after it, as after a password
 * change (issue 29). Turning it off is what a thief with a stolen session does before cashing out.
 */
export interface SecondFactorHoldColumn {
  second_factor_removed_at: string | null;
}

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('account_security').addColumn('second_factor_removed_at', 'text').execute();
}
