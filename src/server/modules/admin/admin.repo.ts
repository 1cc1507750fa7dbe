import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/index';
import type { Queryable, Trx } from '../ledger/ledger.repo';

export interface Page {
  status?: 'pending' | 'approved' | 'rejected';
  after?: { createdAt: string; id: string };
  limit: number;
}

/** Rows strictly after the cursor in (created_at desc, id desc) order; both queues alias their table `r`. */
function afterCursor(after: NonNullable<Page['after']>) {
  return sql<SqlBool>`(r.created_at < ${after.createdAt} or (r.created_at = ${after.createdAt} and r.id < ${after.id}))`;
}

/** Newest first, by (created_at, id): a keyset page stays fast however long the queue grows. */
export async function depositPage(db: Db, page: Page) {
  let q = db
    .selectFrom('deposit_request as r')
    .innerJoin('user_profile as p', 'p.user_id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.amount_cents', 'r.status', 'r.proof_path', 'r.created_at', 'r.processed_at', 'r.processed_by', 'r.admin_notes', 'p.full_name', 'p.email', 'p.uid'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit + 1);
  if (page.status) q = q.where('r.status', '=', page.status);
  if (page.after) q = q.where(afterCursor(page.after));
  return q.execute();
}

export async function withdrawalPage(db: Db, page: Page) {
  let q = db
    .selectFrom('withdrawal_request as r')
    .innerJoin('user_profile as p', 'p.user_id', 'r.user_id')
    .leftJoin('ledger_account as a', (j) => j.on('a.owner_id', '=', sql.ref('r.user_id')).on('a.kind', '=', 'available'))
    .select([
      'r.id',
      'r.user_id',
      'r.amount_cents',
      'r.status',
      'r.crypto_type',
      'r.wallet_address',
      'r.created_at',
      'r.processed_at',
      'r.processed_by',
      'r.admin_notes',
      'p.full_name',
      'p.email',
      'p.uid',
      'a.balance_cents',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit + 1);
  if (page.status) q = q.where('r.status', '=', page.status);
  if (page.after) q = q.where(afterCursor(page.after));
  return q.execute();
}

export async function findDeposit(db: Queryable, id: string) {
  return db.selectFrom('deposit_request').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findWithdrawal(db: Queryable, id: string) {
  return db.selectFrom('withdrawal_request').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface Decision {
  status: 'approved' | 'rejected';
  at: string;
  by: string;
  notes: string | null;
}

/** Decides a request only while it is pending: of two operators deciding at once, one wins. */
async function decide(trx: Trx, table: 'deposit_request' | 'withdrawal_request', id: string, d: Decision): Promise<boolean> {
  const r = await trx
    .updateTable(table)
    .set({ status: d.status, processed_at: d.at, processed_by: d.by, admin_notes: d.notes })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const decideDeposit = (trx: Trx, id: string, d: Decision) => decide(trx, 'deposit_request', id, d);
export const decideWithdrawal = (trx: Trx, id: string, d: Decision) => decide(trx, 'withdrawal_request', id, d);

export async function linkDepositTx(trx: Trx, id: string, txId: string): Promise<void> {
  await trx.updateTable('deposit_request').set({ tx_id: txId }).where('id', '=', id).execute();
}

export async function linkWithdrawalSettleTx(trx: Trx, id: string, txId: string): Promise<void> {
  await trx.updateTable('withdrawal_request').set({ settle_tx_id: txId }).where('id', '=', id).execute();
}
