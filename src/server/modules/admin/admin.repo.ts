import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/index';
import type { Queryable, Trx } from '../ledger/ledger.repo';

export interface Page {
  status?: 'pending' | 'approved' | 'rejected';
  /** Only requests awaiting a second approval that this operator may give. */
  waitingFor?: string;
  after?: { createdAt: string; id: string };
  limit: number;
}

/** Rows strictly after the cursor in (created_at desc, id desc) order; both queues alias their table `r`. */
function afterCursor(after: NonNullable<Page['after']>) {
  return sql<SqlBool>`(r.created_at < ${after.createdAt} or (r.created_at = ${after.createdAt} and r.id < ${after.id}))`;
}

/** Pending, approved once by another operator, and not the operator's own request. */
function waitingFor(operatorId: string) {
  return sql<SqlBool>`(r.status = 'pending' and r.first_approved_by is not null and r.first_approved_by <> ${operatorId} and r.user_id <> ${operatorId})`;
}

/** Newest first, by (created_at, id): a keyset page stays fast however long the queue grows. */
export async function depositPage(db: Db, page: Page) {
  let q = db
    .selectFrom('deposit_request as r')
    .innerJoin('user_profile as p', 'p.user_id', 'r.user_id')
    .leftJoin('user_profile as fa', 'fa.user_id', 'r.first_approved_by')
    .leftJoin('account_freeze as f', 'f.user_id', 'r.user_id')
    .select([
      'r.id',
      'r.user_id',
      'r.amount_cents',
      'r.status',
      'r.proof_path',
      'r.created_at',
      'r.processed_at',
      'r.processed_by',
      'r.admin_notes',
      'p.full_name',
      'p.email',
      'p.uid',
    ])
    .select(['r.first_approved_by', 'r.first_approved_at', 'fa.full_name as first_approver_name', 'f.frozen_at'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit + 1);
  if (page.status) q = q.where('r.status', '=', page.status);
  if (page.waitingFor) q = q.where(waitingFor(page.waitingFor));
  if (page.after) q = q.where(afterCursor(page.after));
  return q.execute();
}

export async function withdrawalPage(db: Db, page: Page) {
  let q = db
    .selectFrom('withdrawal_request as r')
    .innerJoin('user_profile as p', 'p.user_id', 'r.user_id')
    .leftJoin('ledger_account as a', (j) =>
      j.on('a.owner_id', '=', sql.ref('r.user_id')).on('a.kind', '=', 'available'),
    )
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
    .leftJoin('user_profile as fa', 'fa.user_id', 'r.first_approved_by')
    .leftJoin('account_freeze as f', 'f.user_id', 'r.user_id')
    .select(['r.first_approved_by', 'r.first_approved_at', 'fa.full_name as first_approver_name', 'f.frozen_at'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit + 1);
  if (page.status) q = q.where('r.status', '=', page.status);
  if (page.waitingFor) q = q.where(waitingFor(page.waitingFor));
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
  /** A second approval names the first approver it completes: if that changed meanwhile, nothing is written. */
  firstApprovedBy?: string;
}

type RequestTable = 'deposit_request' | 'withdrawal_request';

/** Decides a request only while it is pending: of two operators deciding at once, one wins. */
async function decide(trx: Trx, table: RequestTable, id: string, d: Decision): Promise<boolean> {
  let q = trx
    .updateTable(table)
    .set({ status: d.status, processed_at: d.at, processed_by: d.by, admin_notes: d.notes })
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (d.firstApprovedBy) q = q.where('first_approved_by', '=', d.firstApprovedBy);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records the first of two approvals, only on a pending request that has none yet. */
async function approveFirst(trx: Trx, table: RequestTable, id: string, by: string, at: string): Promise<boolean> {
  const r = await trx
    .updateTable(table)
    .set({ first_approved_by: by, first_approved_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('first_approved_by', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const decideDeposit = (trx: Trx, id: string, d: Decision) => decide(trx, 'deposit_request', id, d);
export const decideWithdrawal = (trx: Trx, id: string, d: Decision) => decide(trx, 'withdrawal_request', id, d);
export const approveDepositFirst = (trx: Trx, id: string, by: string, at: string) =>
  approveFirst(trx, 'deposit_request', id, by, at);
export const approveWithdrawalFirst = (trx: Trx, id: string, by: string, at: string) =>
  approveFirst(trx, 'withdrawal_request', id, by, at);

export async function linkDepositTx(trx: Trx, id: string, txId: string): Promise<void> {
  await trx.updateTable('deposit_request').set({ tx_id: txId }).where('id', '=', id).execute();
}

export async function linkWithdrawalSettleTx(trx: Trx, id: string, txId: string): Promise<void> {
  await trx.updateTable('withdrawal_request').set({ settle_tx_id: txId }).where('id', '=', id).execute();
}
