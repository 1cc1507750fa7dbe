import type { Db } from '../../db/index';

/** The stored files that these users' deposit requests and identity verifications reference. */
export async function referencedProofs(db: Db, userIds: string[]): Promise<Set<string | null>> {
  const [deposits, identities] = await Promise.all([
    db
      .selectFrom('deposit_request')
      .select('proof_path')
      .where('user_id', 'in', userIds)
      .where('proof_path', 'is not', null)
      .execute(),
    db
      .selectFrom('identity_verification')
      .select(['front_path', 'back_path', 'selfie_path', 'address_path'])
      .where('user_id', 'in', userIds)
      .execute(),
  ]);
  return new Set([
    ...deposits.map((r) => r.proof_path),
    ...identities.flatMap((r) => [r.front_path, r.back_path, r.selfie_path, r.address_path]),
  ]);
}

/** Which of these users this database knows. */
export async function knownUsers(db: Db, userIds: string[]): Promise<Set<string>> {
  return new Set(
    (await db.selectFrom('user_profile').select('user_id').where('user_id', 'in', userIds).execute()).map(
      (r) => r.user_id,
    ),
  );
}
