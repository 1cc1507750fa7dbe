import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The audit viewer filters by actor, action or target and pages newest first by (at, id): each
 * filter gets an index that ends in (at, id), so a page reads about one page of index entries.
 * A user's page reads the rows where they are the actor or the target through the first and third.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('audit_log_actor_time').on('audit_log').columns(['actor_id', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_action_time').on('audit_log').columns(['action', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_target_time').on('audit_log').columns(['target_id', 'at', 'id']).execute();
}
