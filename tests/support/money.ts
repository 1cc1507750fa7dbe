import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../src/server/context';
import { depositCredit } from '../../src/server/modules/cashier/deposits.service';
import { createMovements } from '../../src/server/modules/ledger/movement';

let counter = 0;
const uidBase = Math.floor(Math.random() * 900000);

/**
 * A user row and profile written straight to the database, for service-level tests that do not
 * need a session (property and concurrency tests). HTTP tests use tests/support/users.ts.
 */
export async function insertBareUser(
  ctx: AppContext,
  fullName = 'Jean Dupont',
): Promise<{ id: string; uid: string; fullName: string }> {
  const id = randomUUID();
  counter += 1;
  const uid = `ATU${100000 + ((uidBase + counter) % 900000)}`;
  const now = new Date().toISOString();
  const email = `${id}@example.test`;
  // A confirmed address, as withdrawals and transfers out require.
  const verified = ctx.dialect === 'postgres' ? sql`true` : sql`1`;
  await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt") values (${id}, ${fullName}, ${email}, ${verified}, ${now}, ${now})`.execute(
    ctx.db,
  );
  const [firstName = '', ...rest] = fullName.split(' ');

  await ctx.db
    .insertInto('user_profile')
    .values({
      user_id: id,
      uid,
      username: `u${id.slice(0, 8)}`,
      first_name: firstName,
      last_name: rest.join(' '),
      full_name: fullName,
      email,
      birth_date: '1990-01-01',
      country: 'FR',
      phone: '+33612345678',
      locale: 'fr',
      first_investment_date: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, uid, fullName };
}

/**
 * Money enters only as an approved deposit; tests fund users the same way, through the plan and
 * the writer an operator's approval goes through (a writer of its own: the test app's is not in
 * the context this takes).
 */
export async function fund(ctx: AppContext, userId: string, cents: number): Promise<void> {
  await createMovements(ctx.dbh).apply(
    { userId, key: undefined, request: null },
    depositCredit({ userId, amountCents: cents, ref: { type: 'test_deposit', id: randomUUID() }, approvedBy: 'test' }),
    ctx.clock.now(),
  );
}
