import type { Database } from '../../db/schema';
import type { Queryable } from '../ledger/ledger.repo';

export type InvestmentRow = Database['investment'];

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
