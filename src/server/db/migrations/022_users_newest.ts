import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The back office lists every user newest first before any search (keyset pages on
 * (created_at, user_id)): one index so that a page reads about one page of index entries.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('user_profile_created').on('user_profile').columns(['created_at', 'user_id']).execute();
}
