import type { Db } from '../../db/index';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';

export type ExportRow = Database['data_export'];

/** Inserts a queued export; false when the person already has one queued or building (the partial unique index). */
export async function insertExport(db: Db, row: ExportRow): Promise<boolean> {
  try {
    await db.insertInto('data_export').values(row).execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** The person's export still being built, if any (a second request joins it instead of starting another). */
export function unfinishedExport(db: Db, userId: string) {
  return db
    .selectFrom('data_export')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'building'])
    .orderBy('requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function latestExport(db: Db, userId: string) {
  return db
    .selectFrom('data_export')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findExport(db: Db, id: string) {
  return db.selectFrom('data_export').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the oldest export waiting to be built, or one whose builder stopped (its claim lapsed): a
 * conditional update, so that of two instances exactly one gets it.
 */
export async function claimNext(db: Db, now: Date, claimUntil: Date): Promise<ExportRow | undefined> {
  const at = now.toISOString();
  const candidate = await db
    .selectFrom('data_export')
    .select('id')
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'building'), eb('claimed_until', '<=', at)])]),
    )
    .orderBy('requested_at')
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return undefined;
  return db
    .updateTable('data_export')
    .set({ status: 'building', claimed_until: claimUntil.toISOString(), started_at: at, progress: 5 })
    .where('id', '=', candidate.id)
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'building'), eb('claimed_until', '<=', at)])]),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function setProgress(db: Db, id: string, progress: number, claimUntil: Date): Promise<void> {
  await db
    .updateTable('data_export')
    .set({ progress, claimed_until: claimUntil.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'building')
    .execute();
}

export async function markReady(
  db: Db,
  id: string,
  done: { fileKey: string; size: number; sha256: string; readyAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('data_export')
    .set({
      status: 'ready',
      progress: 100,
      file_key: done.fileKey,
      size_bytes: done.size,
      sha256: done.sha256,
      ready_at: done.readyAt.toISOString(),
      expires_at: done.expiresAt.toISOString(),
      claimed_until: null,
    })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .updateTable('data_export')
    .set({ status: 'failed', error: error.slice(0, 500), claimed_until: null })
    .where('id', '=', id)
    .execute();
}

/** Ready exports whose link has expired: their files are deleted, the rows say `expired`. */
export function expiredExports(db: Db, now: Date) {
  return db
    .selectFrom('data_export')
    .select(['id', 'file_key'])
    .where('status', '=', 'ready')
    .where('expires_at', '<=', now.toISOString())
    .limit(100)
    .execute();
}

export async function markExpired(db: Db, id: string): Promise<void> {
  await db
    .updateTable('data_export')
    .set({ status: 'expired', file_key: null })
    .where('id', '=', id)
    .where('status', '=', 'ready')
    .execute();
}
