import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

export type Trx = Transaction<Database>;
export type Queryable = Db | Trx;

export interface AccountRow {
  id: string;
  ownerId: string;
  kind: string;
}

export async function ensureAccounts(trx: Trx, accounts: AccountRow[], now: string): Promise<void> {
  await trx
    .insertInto('ledger_account')
    .values(accounts.map((a) => ({ id: a.id, owner_id: a.ownerId, kind: a.kind, balance_cents: 0, created_at: now })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Adds `delta` to an account's cached balance. A debit of a user account only happens when the
 * balance covers it (conditional update: no lock, correct under any interleaving on both
 * databases). Returns the new balance, or null when the funds were not there.
 */
export async function applyDelta(trx: Trx, accountId: string, delta: number): Promise<number | null> {
  const row = await trx
    .updateTable('ledger_account')
    .set({ balance_cents: sql`balance_cents + ${delta}` })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('kind', 'like', 'platform_%'), eb('balance_cents', '>=', -delta)]))
    .returning('balance_cents')
    .executeTakeFirst();
  return row ? Number(row.balance_cents) : null;
}

export async function insertTx(trx: Trx, row: Database['ledger_tx']): Promise<void> {
  await trx.insertInto('ledger_tx').values(row).execute();
}

export async function insertEntries(
  trx: Trx,
  txId: string,
  entries: Array<{ accountId: string; amount: number }>,
): Promise<void> {
  await trx
    .insertInto('ledger_entry')
    .values(entries.map((e) => ({ tx_id: txId, account_id: e.accountId, amount_cents: e.amount })))
    .execute();
}

export async function setTxResponse(trx: Trx, txId: string, response: string): Promise<void> {
  await trx.updateTable('ledger_tx').set({ response }).where('id', '=', txId).execute();
}

export async function findTxByKey(db: Queryable, userId: string, key: string) {
  return db
    .selectFrom('ledger_tx')
    .select(['id', 'request_hash', 'response'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function balancesOf(db: Queryable, ownerId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('ledger_account')
    .select(['kind', 'balance_cents'])
    .where('owner_id', '=', ownerId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.balance_cents)]));
}

export async function balanceOf(db: Queryable, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance_cents')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row ? Number(row.balance_cents) : 0;
}
