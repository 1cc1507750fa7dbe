import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/index';
import type { Queryable } from '../ledger/ledger.repo';

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
/** Who gave the first approval (name and e-mail, issue 46 item 5) and whether the person is frozen. */
const decisionColumns = [
  'r.first_approved_by',
  'r.first_approved_at',
  'fa.full_name as first_approver_name',
  'fa.email as first_approver_email',
  'f.frozen_at',
] as const;

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
    .select(decisionColumns)
    .select(['r.reason_code', 'r.reason_retryable', 'r.internal_note', 'r.previous_id', 'r.root_id', 'r.version'])
    // Where the person said they paid, and the index when it is their own derived address (decision 044).
    .leftJoin('deposit_address as da', (j) =>
      j.onRef('da.coin', '=', 'r.deposit_coin').onRef('da.address', '=', 'r.deposit_address'),
    )
    .select(['r.deposit_coin', 'r.deposit_address', 'da.derivation_index'])
    // The chain's evidence of a deposit made from a payment (decision 059), as the watcher sees it now.
    .leftJoin('chain_payment as cp', 'cp.deposit_id', 'r.id')
    .select(['r.chain_coin', 'r.chain_txid', 'r.chain_vout', 'r.coin_amount', 'r.rate_micros', 'r.rate_at'])
    .select([
      'cp.state as chain_state',
      'cp.block_hash as chain_block_hash',
      'cp.block_height as chain_block_height',
      'cp.confirmations as chain_confirmations',
    ])
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
      'r.payout_txid',
      'r.payout_verified',
      'r.payout_coin_amount',
      'r.payout_confirmations',
    ])
    .leftJoin('user_profile as fa', 'fa.user_id', 'r.first_approved_by')
    .leftJoin('account_freeze as f', 'f.user_id', 'r.user_id')
    .select(decisionColumns)
    .select(['r.reason_code', 'r.reason_retryable', 'r.internal_note', 'r.previous_id', 'r.root_id', 'r.version'])
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

/** A request as an operator's step reads it, with where its e-mails go (null without a profile). */
export interface DecisionRow {
  id: string;
  user_id: string;
  amount_cents: number;
  status: 'pending' | 'approved' | 'rejected';
  first_approved_by?: string | null;
  email: string | null;
  locale: string | null;
  /** A withdrawal's coin and address; null for a deposit. */
  crypto_type: string | null;
  wallet_address: string | null;
  version?: number | null | undefined;
  /** When the request was filed (a money request; decision 039's closure guard compares it). */
  created_at?: string;
  /** An identity verification's document expiry (YYYY-MM-DD); absent for a money request. */
  document_expiry?: string;
  /** A deposit made from a chain payment: its transaction (decision 059); null otherwise. */
  chain_txid?: string | null;
}

/** An identity verification as an operator's step reads it: no amount (0), no coin. */
export async function findIdentity(db: Queryable, id: string): Promise<DecisionRow | undefined> {
  return db
    .selectFrom('identity_verification as r')
    .leftJoin('user_profile as p', 'p.user_id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.first_approved_by', 'r.version', 'r.document_expiry', 'p.email', 'p.locale'])
    .select(sql<'pending' | 'approved' | 'rejected'>`r.status`.as('status'))
    .select(sql<number>`0`.as('amount_cents'))
    .select(sql<string | null>`null`.as('crypto_type'))
    .select(sql<string | null>`null`.as('wallet_address'))
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export async function findRequest(
  db: Queryable,
  table: 'deposit_request' | 'withdrawal_request',
  id: string,
): Promise<DecisionRow | undefined> {
  // Both request tables have these columns (typed as the withdrawal's); only a withdrawal names a coin.
  return db
    .selectFrom(`${table} as r` as 'withdrawal_request as r')
    .leftJoin('user_profile as p', 'p.user_id', 'r.user_id')
    .select([
      'r.id',
      'r.user_id',
      'r.amount_cents',
      'r.status',
      'r.first_approved_by',
      'r.version',
      'r.created_at',
      'p.email',
      'p.locale',
    ])
    .select(sql<string | null>`${sql.raw(table === 'withdrawal_request' ? 'r.crypto_type' : 'null')}`.as('crypto_type'))
    .select(
      sql<string | null>`${sql.raw(table === 'withdrawal_request' ? 'r.wallet_address' : 'null')}`.as('wallet_address'),
    )
    .select(sql<string | null>`${sql.raw(table === 'deposit_request' ? 'r.chain_txid' : 'null')}`.as('chain_txid'))
    .where('r.id', '=', id)
    .executeTakeFirst();
}
