import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/index';

export interface AuditSelection {
  actorId?: string;
  action?: string;
  targetId?: string;
  /** Inclusive lower and exclusive upper bound on `at` (ISO instants). */
  from?: string;
  until?: string;
}

export type Keyset = { at: string; id: string };

/** One page of the trail, newest first by (at, id); each filter has an index ending in (at, id) (migration 016). */
export async function auditRows(db: Db, s: AuditSelection, after: Keyset | undefined, limit: number) {
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('user_profile as ap', 'ap.user_id', 'a.actor_id')
    .leftJoin('user_profile as tp', 'tp.user_id', 'a.target_id')
    .select([
      'a.id',
      'a.at',
      'a.actor_id',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.result',
      'a.ip',
      'a.user_agent',
      'a.before',
      'a.after',
    ])
    .select(['ap.uid as actor_uid', 'ap.email as actor_email', 'ap.full_name as actor_name', 'tp.uid as target_uid'])
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit);
  if (s.actorId !== undefined) q = q.where('a.actor_id', '=', s.actorId);
  if (s.action !== undefined) q = q.where('a.action', '=', s.action);
  if (s.targetId !== undefined) q = q.where('a.target_id', '=', s.targetId);
  if (s.from !== undefined) q = q.where('a.at', '>=', s.from);
  if (s.until !== undefined) q = q.where('a.at', '<', s.until);
  if (after) q = q.where(sql<SqlBool>`(a.at < ${after.at} or (a.at = ${after.at} and a.id < ${after.id}))`);
  return q.execute();
}

export type AuditViewRow = Awaited<ReturnType<typeof auditRows>>[number];

/** A user id for what an operator types: a UID or an e-mail (case ignored); null when nobody has it. */
export async function userIdFor(db: Db, term: string): Promise<string | null> {
  const row = await db
    .selectFrom('user_profile')
    .select('user_id')
    .where((eb) => eb.or([eb('uid', '=', term.toUpperCase()), eb('email', '=', term.toLowerCase())]))
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function localeOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('user_profile').select('locale').where('user_id', '=', userId).executeTakeFirst();
  return row?.locale ?? null;
}
