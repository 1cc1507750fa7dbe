import type { Db } from '../../db/index';

/** The proof paths that deposit requests of these users reference. */
export async function referencedProofs(db: Db, userIds: string[]): Promise<Set<string | null>> {
  const rows = await db
    .selectFrom('deposit_request')
    .select('proof_path')
    .where('user_id', 'in', userIds)
    .where('proof_path', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.proof_path));
}

/** Which of these users this database knows. */
export async function knownUsers(db: Db, userIds: string[]): Promise<Set<string>> {
  return new Set(
    (await db.selectFrom('user_profile').select('user_id').where('user_id', 'in', userIds).execute()).map(
      (r) => r.user_id,
    ),
  );
}
