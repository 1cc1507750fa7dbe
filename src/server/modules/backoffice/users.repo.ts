import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/index';

/** Past every character a term can hold: `term < prefix || MAX` bounds a prefix range. */
const MAX = '\u{10FFFF}';

/**
 * Users with a term starting with `prefix`, each once (at their first matching term), ordered by
 * (term, id); a keyset page resumes after (term, id). It reads about one page of index entries
 * however common the prefix: a row counts only if the same user has no smaller matching term,
 * which is one probe of the (user_id, term) index.
 */
export async function searchPage(
  db: Db,
  prefix: string,
  after: { term: string; id: string } | undefined,
  limit: number,
) {
  const upper = prefix + MAX;
  let q = db
    .selectFrom('user_search_term as t')
    .innerJoin('user_profile as p', 'p.user_id', 't.user_id')
    .select(['p.user_id', 'p.uid', 'p.full_name', 'p.email', 'p.username', 'p.created_at', 't.term as first_term'])
    .where('t.term', '>=', prefix)
    .where('t.term', '<', upper)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_search_term as s')
            .select('s.user_id')
            .whereRef('s.user_id', '=', 't.user_id')
            .where('s.term', '>=', prefix)
            .whereRef('s.term', '<', 't.term'),
        ),
      ),
    )
    .orderBy('t.term')
    .orderBy('t.user_id')
    .limit(limit + 1);
  if (after)
    q = q.where(sql<SqlBool>`(t.term > ${after.term} or (t.term = ${after.term} and t.user_id > ${after.id}))`);
  return q.execute();
}

/**
 * Every user, newest first, by (created_at, user_id) descending; a keyset page resumes after the
 * last one. The (created_at, user_id) index of migration 022 makes a page one index range.
 */
export async function newestPage(db: Db, after: { createdAt: string; id: string } | undefined, limit: number) {
  let q = db
    .selectFrom('user_profile as p')
    .select(['p.user_id', 'p.uid', 'p.full_name', 'p.email', 'p.username', 'p.created_at'])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.user_id', 'desc')
    .limit(limit + 1);
  if (after)
    q = q.where(
      sql<SqlBool>`(p.created_at < ${after.createdAt} or (p.created_at = ${after.createdAt} and p.user_id < ${after.id}))`,
    );
  return q.execute();
}

export async function profileOf(db: Db, userId: string) {
  return db
    .selectFrom('user_profile as p')
    .innerJoin('user as u', 'u.id', 'p.user_id')
    .select([
      'p.user_id',
      'p.uid',
      'p.full_name',
      'p.first_name',
      'p.last_name',
      'p.email',
      'p.username',
      'p.phone',
      'p.country',
      'p.birth_date',
      'p.locale',
      'p.created_at',
      'u.role',
      'u.twoFactorEnabled',
    ])
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
  const rows = await sql<{
    id: string;
    createdAt: string | Date;
    expiresAt: string | Date;
    ipAddress: string | null;
    userAgent: string | null;
  }>`
    select "id", "createdAt", "expiresAt", "ipAddress", "userAgent" from "session" where "userId" = ${userId} order by "createdAt" desc`.execute(
    db,
  );
  return rows.rows.filter((r) => new Date(r.expiresAt).toISOString() > nowIso);
}

export async function deleteSessions(db: Db, userId: string, sessionId?: string): Promise<number> {
  let q = db.deleteFrom('session').where('userId', '=', userId);
  if (sessionId) q = q.where('id', '=', sessionId);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}
