import { sql } from 'kysely';
import { accountId, type UserAccountKind } from '../../../core/ledger';
import type { Queryable } from '../ledger/ledger.repo';
import type { ClosureState } from '../../../core/closure';

export async function findClosure(q: Queryable, userId: string) {
  return q.selectFrom('account_closure').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** True when this call asked for the closure (false: one is already under way or done). */
export async function insertClosure(q: Queryable, userId: string, at: string): Promise<boolean> {
  const r = await q
    .insertInto('account_closure')
    .values({ user_id: userId, state: 'requested', requested_at: at, state_at: at, closed_at: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Cancels a closure not yet closed; false when there was none to cancel. */
export async function deleteOpenClosure(q: Queryable, userId: string): Promise<boolean> {
  const r = await q
    .deleteFrom('account_closure')
    .where('user_id', '=', userId)
    .where('state', '!=', 'closed')
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Moves an open closure from the state it was read in (false: it changed meanwhile). */
export async function moveClosure(
  q: Queryable,
  userId: string,
  from: ClosureState,
  to: Exclude<ClosureState, 'closed' | 'requested'>,
  at: string,
): Promise<boolean> {
  const r = await q
    .updateTable('account_closure')
    .set({ state: to, state_at: at })
    .where('user_id', '=', userId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Open closures, oldest move first, for the job. */
export async function openClosures(q: Queryable, limit: number) {
  return q
    .selectFrom('account_closure')
    .select(['user_id', 'state'])
    .where('state', '!=', 'closed')
    .orderBy('state_at')
    .limit(limit)
    .execute();
}

export async function closedAccounts(q: Queryable, limit: number, afterUserId: string | null) {
  let query = q
    .selectFrom('account_closure')
    .select(['user_id', 'closed_at'])
    .where('state', '=', 'closed')
    .orderBy('user_id')
    .limit(limit);
  if (afterUserId) query = query.where('user_id', '>', afterUserId);
  return query.execute();
}

/** Everything a closure's state follows from, read together. */
export async function closureFacts(q: Queryable, userId: string) {
  const [balances, investments, profile, deposits, withdrawals, identity] = await Promise.all([
    q.selectFrom('ledger_account').select(['kind', 'balance_cents']).where('owner_id', '=', userId).execute(),
    q
      .selectFrom('investment')
      .select(['id', 'area', 'amount_cents', 'created_at'])
      .where('user_id', '=', userId)
      .where('is_active', '=', 1)
      .orderBy('created_at')
      .execute(),
    q.selectFrom('user_profile').select(['first_investment_date']).where('user_id', '=', userId).executeTakeFirst(),
    q
      .selectFrom('deposit_request')
      .select(['id', 'amount_cents', 'created_at'])
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute(),
    q
      .selectFrom('withdrawal_request')
      .select(['id', 'amount_cents', 'created_at'])
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute(),
    q
      .selectFrom('identity_verification')
      .select(['id', 'created_at'])
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute(),
  ]);
  const balance = (kind: string) => Number(balances.find((b) => b.kind === kind)?.balance_cents ?? 0);
  const at = (s: string) => new Date(s);
  return {
    balances: {
      available: balance('available'),
      invested: balance('invested'),
      withdrawal_hold: balance('withdrawal_hold'),
    },
    investments: investments.map((i) => ({
      id: i.id,
      area: i.area,
      amountCents: Number(i.amount_cents),
      createdAt: at(i.created_at),
    })),
    firstInvestmentAt: profile?.first_investment_date ? at(profile.first_investment_date) : null,
    pendingDeposits: deposits.map((d) => ({
      id: d.id,
      amountCents: Number(d.amount_cents),
      createdAt: at(d.created_at),
    })),
    pendingWithdrawals: withdrawals.map((w) => ({
      id: w.id,
      amountCents: Number(w.amount_cents),
      createdAt: at(w.created_at),
    })),
    pendingIdentity: identity.map((r) => ({ id: r.id, createdAt: at(r.created_at) })),
  };
}

/** Creates the person's balances that do not exist yet, at zero. */
export async function ensureAccounts(q: Queryable, userId: string, kinds: UserAccountKind[], at: string) {
  await q
    .insertInto('ledger_account')
    .values(
      kinds.map((kind) => ({
        id: accountId({ owner: userId, kind }),
        owner_id: userId,
        kind,
        balance_cents: 0,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Where the person's e-mails go, in which language. */
export async function contactOf(q: Queryable, userId: string) {
  return q
    .selectFrom('user_profile')
    .select(['user_id', 'email', 'locale'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The account an operator names by UID or e-mail. */
export async function userIdBy(q: Queryable, by: { uid?: string; email?: string }): Promise<string | null> {
  const base = q.selectFrom('user_profile').select('user_id');
  if (by.uid) return (await base.where('uid', '=', by.uid).executeTakeFirst())?.user_id ?? null;
  if (by.email) return (await base.where('email', '=', by.email).executeTakeFirst())?.user_id ?? null;
  return null;
}

/**
 * At closure: every session but `keepToken`'s, the second factor and the known devices (the
 * password stays, for the read-only page).
 */
export async function revokeAccess(q: Queryable, userId: string, dialect: string, keepToken?: string): Promise<void> {
  let sessions = q.deleteFrom('session').where('userId', '=', userId);
  if (keepToken) sessions = sessions.where('token', '!=', keepToken);
  await sessions.execute();
  await sql`delete from "twoFactor" where "userId" = ${userId}`.execute(q);
  await sql`update "user" set "twoFactorEnabled" = ${dialect === 'postgres' ? sql`false` : sql`0`} where "id" = ${userId}`.execute(
    q,
  );
  await q.deleteFrom('known_device').where('user_id', '=', userId).execute();
}
