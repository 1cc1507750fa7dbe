import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

export interface SupportTables {
  /**
   * A conversation an investor opened with a person (the assistant's hand-off). `state`: `waiting`
   * for an operator, `answered` by one, or `closed`. `context` is the packet the operator reads
   * beside the thread (JSON: the question, the facts the assistant showed, the recent movements).
   */
  support_conversation: {
    id: string;
    reference: string;
    user_id: string;
    reason: string;
    state: 'waiting' | 'answered' | 'closed';
    assigned_to: string | null;
    context: string;
    created_at: string;
    updated_at: string;
    closed_at: string | null;
  };
  /** One message of a conversation: the investor's, an operator's, or the assistant's notice. */
  support_message: {
    id: string;
    conversation_id: string;
    author: 'investor' | 'operator' | 'assistant';
    author_id: string | null;
    body: string;
    created_at: string;
  };
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('support_conversation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_profile.user_id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('assigned_to', 'text')
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  // The investor's own list, newest first; the operators' inbox by state, oldest waiting first.
  await db.schema
    .createIndex('support_conversation_user')
    .on('support_conversation')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('support_conversation_state')
    .on('support_conversation')
    .columns(['state', 'updated_at'])
    .execute();

  await db.schema
    .createTable('support_message')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('support_conversation.id'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_message_thread')
    .on('support_message')
    .columns(['conversation_id', 'created_at'])
    .execute();
}
