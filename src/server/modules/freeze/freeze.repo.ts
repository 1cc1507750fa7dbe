import type { Queryable } from '../ledger/ledger.repo';

export async function findFreeze(q: Queryable, userId: string) {
  return q.selectFrom('account_freeze').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** True when this call froze the account (false: it was frozen already). */
export async function insertFreeze(
  q: Queryable,
  row: { user_id: string; reason: string; frozen_at: string; frozen_by: string },
): Promise<boolean> {
  const r = await q
    .insertInto('account_freeze')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return r !== undefined;
}

export async function deleteFreeze(q: Queryable, userId: string): Promise<boolean> {
  const r = await q.deleteFrom('account_freeze').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function profileByUid(q: Queryable, uid: string) {
  return q
    .selectFrom('user_profile')
    .select(['user_id', 'uid', 'full_name', 'email', 'locale'])
    .where('uid', '=', uid)
    .executeTakeFirst();
}
