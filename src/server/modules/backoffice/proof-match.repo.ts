import type { Db } from '../../db/index';

/** The first proofs with these exact pixels (the earliest is the original), at most `limit`. */
export async function samePixels(db: Db, pixelSha256: string, limit: number) {
  return db
    .selectFrom('proof_fingerprint')
    .select('deposit_id')
    .where('pixel_sha256', '=', pixelSha256)
    .orderBy('created_at')
    .orderBy('deposit_id')
    .limit(limit)
    .execute();
}

/** Every dHash (16 hex digits): compared in memory, one short row per proof (decision 019 gives the limits). */
export async function allDhashes(db: Db) {
  return db.selectFrom('proof_fingerprint').select(['deposit_id', 'dhash', 'pixel_sha256']).execute();
}

export async function proofPathOf(db: Db, depositId: string): Promise<string | null> {
  const row = await db
    .selectFrom('deposit_request')
    .select('proof_path')
    .where('id', '=', depositId)
    .executeTakeFirst();
  return row?.proof_path ?? null;
}

export async function saveFingerprint(
  db: Db,
  row: { deposit_id: string; user_id: string; pixel_sha256: string; dhash: string; created_at: string },
  matches: Array<{ other: string; kind: 'exact' | 'near'; distance: number }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('proof_fingerprint')
      .values(row)
      .onConflict((oc) => oc.column('deposit_id').doNothing())
      .execute();
    for (const m of matches) {
      await trx
        .insertInto('proof_match')
        .values([
          { deposit_id: row.deposit_id, other_deposit_id: m.other, kind: m.kind, distance: m.distance },
          { deposit_id: m.other, other_deposit_id: row.deposit_id, kind: m.kind, distance: m.distance },
        ])
        .onConflict((oc) => oc.columns(['deposit_id', 'other_deposit_id']).doNothing())
        .execute();
    }
  });
}

/** The other proofs that the proofs of these deposits match, with who sent them and when. */
export async function matchesOf(db: Db, depositIds: string[]) {
  if (depositIds.length === 0) return [];
  return db
    .selectFrom('proof_match as m')
    .innerJoin('deposit_request as d', 'd.id', 'm.other_deposit_id')
    .innerJoin('user_profile as p', 'p.user_id', 'd.user_id')
    .select([
      'm.deposit_id',
      'm.other_deposit_id',
      'm.kind',
      'm.distance',
      'd.created_at',
      'd.amount_cents',
      'p.full_name',
      'p.uid',
      'p.user_id',
    ])
    .where('m.deposit_id', 'in', depositIds)
    .orderBy('d.created_at')
    .execute();
}
