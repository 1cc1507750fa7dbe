import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { searchTerms } from '../../../core/search-key';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { UserProfileTable } from '../../db/migrations/002_accounts';

export interface NewAccount {
  id: string;
  uid: string;
  email: string;
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  fullName: string;
  birthDate: string;
  country: string;
  phone: string;
  locale: 'fr' | 'en' | 'es';
  role: 'user' | 'admin';
  /** Operators made by the CLI start confirmed; people confirm through the e-mailed link. */
  emailVerified?: boolean;
  now: Date;
}

/** better-auth's tables hold booleans as 0/1 on SQLite and as booleans on PostgreSQL. */
const bool = (dialect: Dialect, v: boolean) => (dialect === 'postgres' ? v : v ? 1 : 0);

/** The auth user, its password credential and the profile, in the caller's transaction. */
export async function insertAccount(trx: Transaction<Database>, dialect: Dialect, a: NewAccount): Promise<void> {
  const at = a.now.toISOString();
  await trx
    .insertInto('user')
    .values({
      id: a.id,
      name: a.fullName,
      email: a.email,
      emailVerified: bool(dialect, a.emailVerified ?? false),
      createdAt: at,
      updatedAt: at,
      username: a.username.toLowerCase(),
      displayUsername: a.username,
      role: a.role,
      banned: bool(dialect, false),
      twoFactorEnabled: bool(dialect, false),
    })
    .execute();
  await trx
    .insertInto('account')
    .values({
      id: randomUUID(),
      accountId: a.id,
      providerId: 'credential',
      userId: a.id,
      password: a.passwordHash,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await trx
    .insertInto('user_profile')
    .values({
      user_id: a.id,
      uid: a.uid,
      username: a.username,
      first_name: a.firstName,
      last_name: a.lastName,
      full_name: a.fullName,
      email: a.email,
      birth_date: a.birthDate,
      country: a.country,
      phone: a.phone,
      locale: a.locale,
      first_investment_date: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  // The operators' search finds the user from the start (names never change after signup).
  const terms = searchTerms({
    uid: a.uid,
    email: a.email,
    username: a.username,
    fullName: a.fullName,
    lastName: a.lastName,
  });
  await trx
    .insertInto('user_search_term')
    .values(terms.map((term) => ({ term, user_id: a.id })))
    .execute();
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  return !!(await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst());
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  return !!(await db.selectFrom('user').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst());
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'role'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findProfile(db: Db, userId: string): Promise<UserProfileTable | undefined> {
  return db.selectFrom('user_profile').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findUserFlags(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .select(['role', 'twoFactorEnabled', 'emailVerified'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Who holds a session token: the user, role and language, with the session's expiry. */
export async function findLocale(db: Db, userId: string): Promise<UserProfileTable['locale'] | undefined> {
  const row = await db.selectFrom('user_profile').select('locale').where('user_id', '=', userId).executeTakeFirst();
  return row?.locale;
}

export async function updateLocale(
  db: Db,
  userId: string,
  locale: UserProfileTable['locale'],
  now: Date,
): Promise<void> {
  await db
    .updateTable('user_profile')
    .set({ locale, updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

export async function setRole(db: Db, userId: string, role: 'user' | 'admin', now: Date): Promise<void> {
  await db.updateTable('user').set({ role, updatedAt: now.toISOString() }).where('id', '=', userId).execute();
}

export async function setPasswordHash(db: Db, userId: string, hash: string, now: Date): Promise<void> {
  await db
    .updateTable('account')
    .set({ password: hash, updatedAt: now.toISOString() })
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Renames a person (an operator named by the CLI): the profile and the auth user say the same. */
export async function setName(
  db: Db,
  userId: string,
  name: { firstName: string; lastName: string; fullName: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable('user_profile')
    .set({ first_name: name.firstName, last_name: name.lastName, full_name: name.fullName, updated_at: at })
    .where('user_id', '=', userId)
    .execute();
  await db.updateTable('user').set({ name: name.fullName, updatedAt: at }).where('id', '=', userId).execute();
}
