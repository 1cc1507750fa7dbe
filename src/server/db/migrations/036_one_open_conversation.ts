import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * One open support conversation per person (issue 46, item 10), held by the database: a partial
 * unique index over the conversations not closed, on SQLite and PostgreSQL alike. A second open
 * racing the first fails on it and gets the first one back. Earlier duplicates are closed first,
 * the newest of each person kept open.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const at = new Date().toISOString();
  await sql`
    update support_conversation set state = 'closed', closed_at = ${at}
    where state <> 'closed' and exists (
      select 1 from support_conversation newer
      where newer.user_id = support_conversation.user_id and newer.state <> 'closed'
        and (newer.created_at > support_conversation.created_at
          or (newer.created_at = support_conversation.created_at and newer.id > support_conversation.id))
    )`.execute(db);
  await db.schema
    .createIndex('support_conversation_one_open')
    .on('support_conversation')
    .column('user_id')
    .unique()
    .where(sql.ref('state'), '<>', 'closed')
    .execute();
}
