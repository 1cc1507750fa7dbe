import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/index';

/** Past every character a term can hold: `term < prefix || MAX` bounds a prefix range. */
const MAX = '\u{10FFFF}';

/**
 * Users with a term starting with `prefix`, each once, ordered by their first matching term then
 * id; a keyset page resumes after (term, id). One range scan of the (term, user_id) primary key.
 */
export async function searchPage(db: Db, prefix: string, after: { term: string; id: string } | undefined, limit: number) {
  let matches = db
    .selectFrom('user_search_term')
    .select(['user_id', sql<string>`min(term)`.as('first_term')])
    .where('term', '>=', prefix)
    .where('term', '<', prefix + MAX)
    .groupBy('user_id');
  if (after) matches = matches.having(sql<SqlBool>`min(term) > ${after.term} or (min(term) = ${after.term} and user_id > ${after.id})`);
  return db
    .selectFrom(matches.as('m'))
    .innerJoin('user_profile as p', 'p.user_id', 'm.user_id')
    .select(['p.user_id', 'p.uid', 'p.full_name', 'p.email', 'p.username', 'p.created_at', 'm.first_term'])
    .orderBy('m.first_term')
    .orderBy('p.user_id')
    .limit(limit + 1)
    .execute();
}

export async function profileOf(db: Db, userId: string) {
  return db
    .selectFrom('user_profile as p')
    .innerJoin('user as u', 'u.id', 'p.user_id')
    .select(['p.user_id', 'p.uid', 'p.full_name', 'p.first_name', 'p.last_name', 'p.email', 'p.username', 'p.phone', 'p.country', 'p.birth_date', 'p.locale', 'p.created_at', 'u.role', 'u.twoFactorEnabled'])
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
}

export async function recentInvestments(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('investment')
    .select(['id', 'area', 'amount_cents', 'current_value_cents', 'is_active', 'created_at', 'stopped_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function sessionsOf(db: Db, userId: string, nowIso: string) {
  const rows = await sql<{ id: string; createdAt: string | Date; expiresAt: string | Date; ipAddress: string | null; userAgent: string | null }>`
    select "id", "createdAt", "expiresAt", "ipAddress", "userAgent" from "session" where "userId" = ${userId} order by "createdAt" desc`.execute(db);
  return rows.rows.filter((r) => new Date(r.expiresAt).toISOString() > nowIso);
}

export async function deleteSessions(db: Db, userId: string, sessionId?: string): Promise<number> {
  let q = db.deleteFrom('session').where('userId', '=', userId);
  if (sessionId) q = q.where('id', '=', sessionId);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}
