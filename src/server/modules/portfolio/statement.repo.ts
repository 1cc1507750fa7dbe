import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

export interface EntryFilter {
  /** The ledger transaction type, and for transfers the direction (sign of the entry). */
  txType?: string;
  sign?: 'in' | 'out';
  fromIso?: string;
  beforeIso?: string;
}

export interface EntryRow {
  id: number;
  amount: number;
  balance: number;
  type: string;
  at: string;
  refType: string | null;
  refId: string | null;
}

/**
 * One page of an account's entries with the balance right after each one. The running balance is
 * a window sum over this account's entries only (index ledger_entry(account_id, id, amount_cents, tx_id), migration 007), so its cost
 * depends on this person's history, never on other people's. Entry ids follow the order in which
 * the account's balance changed: each entry is written while the account row is locked.
 */
export async function entriesPage(
  db: Db,
  accountId: string,
  filter: EntryFilter,
  page: { cursor?: number; order: 'asc' | 'desc'; limit: number },
): Promise<EntryRow[]> {
  const toRow = (r: {
    id: number | undefined;
    amount: number;
    balance: number | string;
    type: string;
    at: string;
    ref_type: string | null;
    ref_id: string | null;
  }): EntryRow => ({
    id: Number(r.id),
    amount: Number(r.amount),
    balance: Number(r.balance),
    type: r.type,
    at: r.at,
    refType: r.ref_type,
    refId: r.ref_id,
  });
  const balance = (eb: ExpressionBuilder<Database & { e: Database['ledger_entry'] }, 'e'>) =>
    eb.fn
      .sum<number | string>('e.amount_cents')
      .over((ob) => ob.orderBy('e.id'))
      .as('balance');

  if (!filter.txType && !filter.fromIso && !filter.beforeIso) {
    // Nothing to filter on the transaction: the page is cut from the entries alone (the index
    // holds them), and only its own lines are joined to their transactions.
    const running = db
      .selectFrom('ledger_entry as e')
      .select((eb) => ['e.id as id', 'e.amount_cents as amount', 'e.tx_id as tx_id', balance(eb)])
      .where('e.account_id', '=', accountId)
      .as('w');
    let cut = db.selectFrom(running).selectAll();
    if (filter.sign === 'in') cut = cut.where('w.amount', '>', 0);
    if (filter.sign === 'out') cut = cut.where('w.amount', '<', 0);
    if (page.cursor !== undefined) cut = cut.where('w.id', page.order === 'desc' ? '<' : '>', page.cursor);
    const rows = await db
      .selectFrom(cut.orderBy('w.id', page.order).limit(page.limit).as('p'))
      .innerJoin('ledger_tx as t', 't.id', 'p.tx_id')
      .select([
        'p.id as id',
        'p.amount as amount',
        'p.balance as balance',
        't.type as type',
        't.created_at as at',
        't.ref_type as ref_type',
        't.ref_id as ref_id',
      ])
      .orderBy('p.id', page.order)
      .execute();
    return rows.map(toRow);
  }

  const running = db
    .selectFrom('ledger_entry as e')
    .innerJoin('ledger_tx as t', 't.id', 'e.tx_id')
    .select((eb) => [
      'e.id as id',
      'e.amount_cents as amount',
      't.type as type',
      't.created_at as at',
      't.ref_type as ref_type',
      't.ref_id as ref_id',
      balance(eb),
    ])
    .where('e.account_id', '=', accountId)
    .as('s');
  let q = db.selectFrom(running).selectAll();
  if (filter.txType) q = q.where('s.type', '=', filter.txType);
  if (filter.sign === 'in') q = q.where('s.amount', '>', 0);
  if (filter.sign === 'out') q = q.where('s.amount', '<', 0);
  if (filter.fromIso) q = q.where('s.at', '>=', filter.fromIso);
  if (filter.beforeIso) q = q.where('s.at', '<', filter.beforeIso);
  if (page.cursor !== undefined) q = q.where('s.id', page.order === 'desc' ? '<' : '>', page.cursor);
  const rows = await q.orderBy('s.id', page.order).limit(page.limit).execute();
  return rows.map(toRow);
}

export async function investmentAreas(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('investment').select(['id', 'area']).where('id', 'in', ids).execute();
}

export async function transfersWithParties(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('internal_transfer as t')
    .innerJoin('user_profile as s', 's.user_id', 't.sender_id')
    .innerJoin('user_profile as r', 'r.user_id', 't.recipient_id')
    .select([
      't.id',
      't.sender_id',
      's.uid as sender_uid',
      's.full_name as sender_name',
      'r.uid as recipient_uid',
      'r.full_name as recipient_name',
    ])
    .where('t.id', 'in', ids)
    .execute();
}

export async function withdrawals(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('withdrawal_request')
    .select([
      'id',
      'crypto_type',
      'status',
      'payout_txid',
      'payout_verified',
      'payout_coin_amount',
      'payout_confirmations',
    ])
    .where('id', 'in', ids)
    .execute();
}

export async function profileLocale(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('user_profile').select('locale').where('user_id', '=', userId).executeTakeFirst();
  return row?.locale ?? null;
}
