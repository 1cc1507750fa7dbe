import { sql, type AliasedSelectQueryBuilder, type SqlBool } from 'kysely';
import { alertRules } from '../../../core/monitoring';
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

/** The kinds of target that belong to one person, by the table that says whose they are. */
const owned = [
  'deposit_request',
  'withdrawal_request',
  'identity_verification',
  'monitoring_alert',
  'support_conversation',
] as const;

const columns = [
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
] as const;

const trail = (db: Db) => db.selectFrom('audit_log as a').select(columns);
type TrailRow = Awaited<ReturnType<ReturnType<typeof trail>['execute']>>[number];

/** Rows after the keyset, in the order of the pages: newest first by (at, id). */
const olderThan = (k: Keyset) => sql<SqlBool>`(a.at < ${k.at} or (a.at = ${k.at} and a.id < ${k.id}))`;

/**
 * A page of the trail with who acted and the person concerned: the target when it is a user, else
 * the owner of the request, verification, alert or conversation it names. Resolved at read time
 * (the sealed rows hold no such column), by primary key, for the page's rows only.
 */
function withPeople(db: Db, page: AliasedSelectQueryBuilder<TrailRow, 'a'>) {
  return db
    .selectFrom(page)
    .leftJoin('user_profile as ap', 'ap.user_id', 'a.actor_id')
    .leftJoin('user_profile as tp', 'tp.user_id', 'a.target_id')
    .leftJoin('deposit_request as sd', (j) => j.onRef('sd.id', '=', 'a.target_id').on('a.target_type', '=', owned[0]))
    .leftJoin('withdrawal_request as sw', (j) =>
      j.onRef('sw.id', '=', 'a.target_id').on('a.target_type', '=', owned[1]),
    )
    .leftJoin('identity_verification as si', (j) =>
      j.onRef('si.id', '=', 'a.target_id').on('a.target_type', '=', owned[2]),
    )
    .leftJoin('monitoring_alert as sm', (j) => j.onRef('sm.id', '=', 'a.target_id').on('a.target_type', '=', owned[3]))
    .leftJoin('support_conversation as ss', (j) =>
      j.onRef('ss.id', '=', 'a.target_id').on('a.target_type', '=', owned[4]),
    )
    .leftJoin('user_profile as sp', (j) =>
      j.on(
        sql<SqlBool>`sp.user_id = coalesce(sd.user_id, sw.user_id, si.user_id, sm.user_id, ss.user_id, case when a.target_type = 'user' then a.target_id end)`,
      ),
    )
    .select(columns)
    .select(['ap.uid as actor_uid', 'ap.email as actor_email', 'ap.full_name as actor_name', 'tp.uid as target_uid'])
    .select([
      'sp.user_id as subject_id',
      'sp.uid as subject_uid',
      'sp.email as subject_email',
      'sp.full_name as subject_name',
    ])
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

/** One page of the trail, newest first by (at, id); each filter has an index ending in (at, id) (migration 016). */
export async function auditRows(db: Db, s: AuditSelection, after: Keyset | undefined, limit: number) {
  let q = trail(db)
    .$if(after !== undefined, (q) => q.where(olderThan(after!)))
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit);
  if (s.actorId !== undefined) q = q.where('a.actor_id', '=', s.actorId);
  if (s.action !== undefined) q = q.where('a.action', '=', s.action);
  if (s.targetId !== undefined) q = q.where('a.target_id', '=', s.targetId);
  if (s.from !== undefined) q = q.where('a.at', '>=', s.from);
  if (s.until !== undefined) q = q.where('a.at', '<', s.until);
  return withPeople(db, q.as('a'));
}

export type AuditViewRow = Awaited<ReturnType<typeof auditRows>>[number];

/**
 * One page of the rows about a person: those whose target is them, or one of their requests,
 * verifications, alerts or conversations (decisions by operators, the monitoring's alerts). Each of
 * their items is found by its owner's index and its rows by the target index (migration 003); only
 * that person's rows are then sorted.
 */
export async function rowsAbout(db: Db, userId: string, after: Keyset | undefined, limit: number) {
  const item = (table: (typeof owned)[number]) =>
    db
      .selectFrom(table)
      .select([sql.lit(table).as('type'), 'id'])
      .where('user_id', '=', userId);
  const items = db
    .selectFrom('user_profile')
    .select([sql.lit('user').as('type'), 'user_id as id'])
    .where('user_id', '=', userId)
    .unionAll(item('deposit_request'))
    .unionAll(item('withdrawal_request'))
    .unionAll(item('identity_verification'))
    // The alerts' only index with the owner leads with the rule: one range per rule.
    .unionAll(item('monitoring_alert').where('rule', 'in', [...alertRules]))
    .unionAll(item('support_conversation'));
  const q = db
    .selectFrom(items.as('o'))
    // A cross join keeps SQLite's loops in this order (the person's items, then their rows by the target index).
    .crossJoin('audit_log as a')
    .whereRef('a.target_type', '=', 'o.type')
    .whereRef('a.target_id', '=', 'o.id')
    .select(columns)
    .$if(after !== undefined, (q) => q.where(olderThan(after!)))
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit);
  return withPeople(db, q.as('a'));
}

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
