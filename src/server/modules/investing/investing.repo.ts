import type { Database } from '../../db/schema';
import type { Queryable, Trx } from '../ledger/ledger.repo';

export type InvestmentRow = Database['investment'];

export async function insertInvestment(trx: Trx, row: InvestmentRow): Promise<void> {
  await trx.insertInto('investment').values(row).execute();
}

export async function findInvestment(db: Queryable, userId: string, id: string): Promise<InvestmentRow | undefined> {
  return db.selectFrom('investment').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function activeInvestments(db: Queryable, userId: string): Promise<InvestmentRow[]> {
  return db
    .selectFrom('investment')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Closes an investment only if it is still active: of two concurrent stops, one wins. */
export async function closeInvestment(trx: Trx, id: string, valueCents: number, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('investment')
    .set({ is_active: 0, stopped_at: at, current_value_cents: valueCents })
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setStopTx(trx: Trx, id: string, txId: string): Promise<void> {
  await trx.updateTable('investment').set({ stop_tx_id: txId }).where('id', '=', id).execute();
}
