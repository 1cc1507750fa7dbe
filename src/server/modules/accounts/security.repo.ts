import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/dialect';
import type { Database } from '../../db/schema';

type Q = Db | Transaction<Database> | Kysely<Database>;

/** Who receives security e-mails: address, language, and whether the address is confirmed. */
export async function findContact(db: Q, userId: string) {
  const row = await db
    .selectFrom('user')
    .leftJoin('user_profile', 'user_profile.user_id', 'user.id')
    .select([
      'user.id as id',
      'user.email as email',
      'user.emailVerified as emailVerified',
      'user_profile.locale as locale',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      verified: row.emailVerified === true || row.emailVerified === 1,
      locale: row.locale ?? 'fr',
    }
  );
}

/** The password credential of an address, for the sign-in check (one query whether or not it exists). */
export async function findCredential(db: Db, email: string) {
  return db
    .selectFrom('user')
    .leftJoin('account', (j) => j.onRef('account.userId', '=', 'user.id').on('account.providerId', '=', 'credential'))
    .select(['user.id as id', 'user.role as role', 'account.password as hash'])
    .where('user.email', '=', email)
    .executeTakeFirst();
}

/** The password credential and the two-factor switch of a signed-in person, for re-authentication. */
export async function findCredentialById(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .leftJoin('account', (j) => j.onRef('account.userId', '=', 'user.id').on('account.providerId', '=', 'credential'))
    .select(['user.id as id', 'user.twoFactorEnabled as twoFactorEnabled', 'account.password as hash'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

export async function markEmailVerified(db: Db, dialect: Dialect, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('user')
    .set({ emailVerified: dialect === 'postgres' ? true : 1, updatedAt: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function setPasswordChangedAt(db: Q, userId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('account_security')
    .values({ user_id: userId, password_changed_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_changed_at: at }))
    .execute();
}

/** The security changes withdrawals wait after: the last password change, the last second factor turned off. */
export async function findSecurityChanges(
  db: Q,
  userId: string,
): Promise<{ passwordChangedAt: Date | null; secondFactorRemovedAt: Date | null }> {
  const row = await db
    .selectFrom('account_security')
    .select(['password_changed_at', 'second_factor_removed_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const at = (v: string | null | undefined) => (v ? new Date(v) : null);
  return { passwordChangedAt: at(row?.password_changed_at), secondFactorRemovedAt: at(row?.second_factor_removed_at) };
}

export async function setSecondFactorRemovedAt(db: Q, userId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('account_security')
    .values({ user_id: userId, password_changed_at: null, second_factor_removed_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ second_factor_removed_at: at }))
    .execute();
}

/** Records the device; answers whether it is new for a person who already had another one. */
export async function rememberDevice(
  db: Db,
  userId: string,
  device: string,
  now: Date,
): Promise<'known' | 'first' | 'new'> {
  const at = now.toISOString();
  const known = await db
    .updateTable('known_device')
    .set({ last_seen_at: at })
    .where('user_id', '=', userId)
    .where('device', '=', device)
    .executeTakeFirst();
  if (Number(known.numUpdatedRows) > 0) return 'known';
  const others = await db
    .selectFrom('known_device')
    .select('device')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  await db
    .insertInto('known_device')
    .values({ user_id: userId, device, created_at: at, last_seen_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'device']).doNothing())
    .execute();
  return others ? 'new' : 'first';
}
