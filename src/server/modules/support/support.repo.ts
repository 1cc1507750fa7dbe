import type { Database } from '../../db/schema';
import type { Queryable } from '../ledger/ledger.repo';

export type ConversationRow = Database['support_conversation'];
export type MessageRow = Database['support_message'];

/** A page of the inbox or of an investor's list is never longer than this. */
const LIST_LIMIT = 100;

export async function insertConversation(q: Queryable, row: ConversationRow): Promise<void> {
  await q.insertInto('support_conversation').values(row).execute();
}

export async function insertMessage(q: Queryable, row: MessageRow): Promise<void> {
  await q.insertInto('support_message').values(row).execute();
}

export async function conversationsOf(q: Queryable, userId: string) {
  return q
    .selectFrom('support_conversation')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

/** The person's conversation not closed yet: at most one (the database's partial unique index). */
export async function openConversationOf(q: Queryable, userId: string) {
  return q
    .selectFrom('support_conversation')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '<>', 'closed')
    .executeTakeFirst();
}

export async function findConversation(q: Queryable, id: string) {
  return q.selectFrom('support_conversation').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function messagesOf(q: Queryable, conversationId: string) {
  return q
    .selectFrom('support_message')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** A state change that only happens from the expected states; false when another request got there first. */
export async function updateConversation(
  q: Queryable,
  id: string,
  set: Partial<Pick<ConversationRow, 'state' | 'assigned_to' | 'updated_at' | 'closed_at'>>,
  onlyIfNot: ConversationRow['state'] = 'closed',
): Promise<boolean> {
  const r = await q
    .updateTable('support_conversation')
    .set(set)
    .where('id', '=', id)
    .where('state', '<>', onlyIfNot)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The inbox: conversations in one state with their investor, oldest activity first (who waits longest). */
export async function inbox(q: Queryable, state: ConversationRow['state']) {
  return q
    .selectFrom('support_conversation as c')
    .innerJoin('user_profile as p', 'p.user_id', 'c.user_id')
    .selectAll('c')
    .select(['p.uid', 'p.full_name', 'p.locale', 'p.email'])
    .where('c.state', '=', state)
    .orderBy('c.updated_at', state === 'closed' ? 'desc' : 'asc')
    .limit(LIST_LIMIT)
    .execute();
}

export async function findWithInvestor(q: Queryable, id: string) {
  return q
    .selectFrom('support_conversation as c')
    .innerJoin('user_profile as p', 'p.user_id', 'c.user_id')
    .selectAll('c')
    .select(['p.uid', 'p.full_name', 'p.locale', 'p.email'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}
