import { sql, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/index';
import type { Queryable } from '../ledger/ledger.repo';

export type IdentityRow = Database['identity_verification'];

/**
 * The person's latest submission: the head of their latest chain (a first verification, or a renewal
 * sent after one was verified), whatever its version.
 */
export async function latestOf(db: Queryable, userId: string): Promise<IdentityRow | undefined> {
  return db
    .selectFrom('identity_verification')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('version', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The verification on file: the person's latest verified submission, whatever came after it. A
 * renewal pending or rejected leaves it in place; the renewal, once verified, replaces it.
 */
export async function currentVerifiedOf(db: Queryable, userId: string): Promise<IdentityRow | undefined> {
  return db
    .selectFrom('identity_verification')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'verified')
    .orderBy('processed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the person had a verified submission before this instant: a submission sent then renews it. */
export async function verifiedBefore(db: Queryable, userId: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('identity_verification')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'verified')
    .where('processed_at', '<=', at)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every submission of these people, oldest first: an operator reads a renewal with what came before it. */
export async function identityHistoryOf(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('identity_verification')
    .select([
      'id',
      'user_id',
      'root_id',
      'status',
      'document_type',
      'document_expiry',
      'reason_code',
      'created_at',
      'processed_at',
    ])
    .where('user_id', 'in', userIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertVerification(trx: Queryable, row: IdentityRow): Promise<void> {
  await trx.insertInto('identity_verification').values(row).execute();
}

export interface IdentityPage {
  status?: 'pending' | 'verified' | 'rejected';
  /** Only verifications awaiting a second approval that this operator may give. */
  waitingFor?: string;
  after?: { createdAt: string; id: string };
  limit: number;
}

/** Newest first, by (created_at, id), with the person and the first approver. */
export async function identityPage(db: Db, page: IdentityPage) {
  let q = db
    .selectFrom('identity_verification as r')
    .innerJoin('user_profile as p', 'p.user_id', 'r.user_id')
    .leftJoin('user_profile as fa', 'fa.user_id', 'r.first_approved_by')
    .selectAll('r')
    .select([
      'p.full_name',
      'p.email',
      'p.uid',
      'p.birth_date',
      'fa.full_name as first_approver_name',
      'fa.email as first_approver_email',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit + 1);
  if (page.status) q = q.where('r.status', '=', page.status);
  if (page.waitingFor)
    q = q.where(
      sql<SqlBool>`(r.status = 'pending' and r.first_approved_by is not null and r.first_approved_by <> ${page.waitingFor} and r.user_id <> ${page.waitingFor})`,
    );
  if (page.after)
    q = q.where(
      sql<SqlBool>`(r.created_at < ${page.after.createdAt} or (r.created_at = ${page.after.createdAt} and r.id < ${page.after.id}))`,
    );
  return q.execute();
}

/** Every version of the given chains, first to last. */
export async function identityVersionsOf(db: Db, rootIds: string[]) {
  if (rootIds.length === 0) return [];
  return db
    .selectFrom('identity_verification')
    .select(['id', 'root_id', 'previous_id', 'version', 'status', 'reason_code', 'created_at'])
    .where('root_id', 'in', rootIds)
    .orderBy('root_id')
    .orderBy('version')
    .execute();
}

export async function findVerification(db: Db, id: string): Promise<IdentityRow | undefined> {
  return db.selectFrom('identity_verification').selectAll().where('id', '=', id).executeTakeFirst();
}

// Re-use across people: an identity file is compared with the files of everybody else.

export async function samePixelsOfOthers(db: Db, pixelSha256: string, userId: string, limit: number) {
  const rows = await db
    .selectFrom('identity_fingerprint')
    .select('path')
    .where('pixel_sha256', '=', pixelSha256)
    .where('user_id', '<>', userId)
    .orderBy('created_at')
    .orderBy('path')
    .limit(limit)
    .execute();
  return rows.map((r) => r.path);
}

export async function dhashesOfOthers(db: Db, userId: string) {
  const rows = await db
    .selectFrom('identity_fingerprint')
    .select(['path', 'dhash', 'pixel_sha256'])
    .where('user_id', '<>', userId)
    .execute();
  return rows.map((r) => ({ id: r.path, dhash: r.dhash, pixel_sha256: r.pixel_sha256 }));
}

export async function saveIdentityFingerprint(
  db: Db,
  row: Database['identity_fingerprint'],
  matches: Array<{ other: string; kind: 'exact' | 'near'; distance: number }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('identity_fingerprint')
      .values(row)
      .onConflict((oc) => oc.column('path').doNothing())
      .execute();
    for (const m of matches)
      await trx
        .insertInto('identity_match')
        .values([
          { path: row.path, other_path: m.other, kind: m.kind, distance: m.distance },
          { path: m.other, other_path: row.path, kind: m.kind, distance: m.distance },
        ])
        .onConflict((oc) => oc.columns(['path', 'other_path']).doNothing())
        .execute();
  });
}

/** Other people's files that these files match, with whose they are and the submission that first held them. */
export async function identityMatchesOf(db: Db, paths: string[]) {
  if (paths.length === 0) return [];
  return db
    .selectFrom('identity_match as m')
    .innerJoin('identity_fingerprint as mine', 'mine.path', 'm.path')
    .innerJoin('identity_fingerprint as o', 'o.path', 'm.other_path')
    .innerJoin('user_profile as p', 'p.user_id', 'o.user_id')
    .select([
      'm.path',
      'mine.slot',
      'o.slot as other_slot',
      'm.kind',
      'm.distance',
      'o.verification_id',
      'o.created_at',
      'p.user_id',
      'p.full_name',
      'p.uid',
    ])
    .where('m.path', 'in', paths)
    .whereRef('o.user_id', '<>', 'mine.user_id')
    .orderBy('o.created_at')
    .execute();
}
