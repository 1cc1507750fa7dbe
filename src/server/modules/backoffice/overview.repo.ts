import { sql } from 'kysely';
import type { Db } from '../../db/index';

type RequestTable = 'deposit_request' | 'withdrawal_request';

/** Count and sum of the requests in one status (the queue index covers the status). */
export async function countSum(db: Db, table: RequestTable, status: 'pending') {
  const row = await db
    .selectFrom(table)
    .select([
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string | null>('amount_cents').as('total'),
    ])
    .where('status', '=', status)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), cents: Number(row?.total ?? 0) };
}

/** Requests approved from `since` on (index on status, processed_at, amount). */
export async function approvedSince(db: Db, table: RequestTable, since: string) {
  const row = await db
    .selectFrom(table)
    .select([
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string | null>('amount_cents').as('total'),
    ])
    .where('status', '=', 'approved')
    .where('processed_at', '>=', since)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), cents: Number(row?.total ?? 0) };
}

/** The cached balances summed per account kind: an index-only scan of (kind, balance_cents). */
export async function balancesByKind(db: Db): Promise<Map<string, number>> {
  const kinds = [
    'available',
    'invested',
    'withdrawal_hold',
    'platform_deposits',
    'platform_withdrawals',
    'platform_pnl',
  ];
  const rows = await Promise.all(
    kinds.map((kind) =>
      db
        .selectFrom('ledger_account')
        .select(sql<number | string | null>`sum(balance_cents)`.as('total'))
        .where('kind', '=', kind)
        .executeTakeFirst()
        .then((r) => [kind, Number(r?.total ?? 0)] as const),
    ),
  );
  return new Map(rows);
}

export async function openVerificationRequest(db: Db, kind: string) {
  return db
    .selectFrom('verification_request')
    .select(['id', 'requested_at'])
    .where('kind', '=', kind)
    .where('done_at', 'is', null)
    .orderBy('requested_at')
    .limit(1)
    .executeTakeFirst();
}

export async function insertVerificationRequest(
  db: Db,
  row: { id: string; kind: string; requested_by: string; requested_at: string },
): Promise<void> {
  await db
    .insertInto('verification_request')
    .values({ ...row, done_at: null, run_id: null })
    .execute();
}

/** Closes every open request of the kind that a run started after `requested_at <= startedAt` answers. */
export async function closeVerificationRequests(
  db: Db,
  kind: string,
  startedAt: string,
  doneAt: string,
): Promise<void> {
  await db
    .updateTable('verification_request')
    .set({ done_at: doneAt })
    .where('kind', '=', kind)
    .where('done_at', 'is', null)
    .where('requested_at', '<=', startedAt)
    .execute();
}

/** Failed e-mails go back to the queue, due now, with a fresh count of attempts. */
export async function retryFailedEmails(db: Db, nowIso: string): Promise<number> {
  const r = await db
    .updateTable('email_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: nowIso, last_error: null })
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Count and sum of the pending requests that have their first approval and wait for a second (dual control). */
export async function awaitingSecond(db: Db, table: RequestTable) {
  const row = await db
    .selectFrom(table)
    .select([
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string | null>('amount_cents').as('total'),
    ])
    .where('status', '=', 'pending')
    .where('first_approved_by', 'is not', null)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), cents: Number(row?.total ?? 0) };
}
