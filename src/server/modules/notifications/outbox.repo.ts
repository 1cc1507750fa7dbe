import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

export type OutboxRow = Selectable<Database['email_outbox']>;

export async function insertMessage(trx: Transaction<Database> | Kysely<Database>, row: OutboxRow): Promise<void> {
  await trx.insertInto('email_outbox').values(row).execute();
}

/** Claims left by a crashed worker expire: their messages are due again. */
export async function releaseExpiredClaims(db: Db, nowIso: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'pending', claimed_until: null })
    .where('status', '=', 'sending')
    .where('claimed_until', '<', nowIso)
    .execute();
}

export async function dueMessages(db: Db, nowIso: string, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/** A conditional claim: true for exactly one of several workers racing for the same message. */
export async function claim(db: Db, id: string, claimedUntil: string): Promise<boolean> {
  const claimed = await db
    .updateTable('email_outbox')
    .set({ status: 'sending', claimed_until: claimedUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function markSent(db: Db, id: string, attempts: number, sentAt: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: sentAt, attempts, claimed_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markAttemptFailed(
  db: Db,
  id: string,
  failure: { attempts: number; giveUp: boolean; error: string; nextAttemptAt: string },
): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      status: failure.giveUp ? 'failed' : 'pending',
      attempts: failure.attempts,
      claimed_until: null,
      last_error: failure.error,
      next_attempt_at: failure.nextAttemptAt,
    })
    .where('id', '=', id)
    .execute();
}

/** The parameters of the newest message of a template to an address (test harnesses read links from them). */
export async function newestParams(db: Db, to: string, template: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_outbox')
    .select('params')
    .where('to_address', '=', to)
    .where('template', '=', template)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.params ?? null;
}
