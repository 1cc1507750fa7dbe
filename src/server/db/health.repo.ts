import { sql } from 'kysely';
import type { Db } from './index';

/** The cheapest round trip: resolves when the database answers, rejects otherwise. */
export async function databaseAnswers(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
