import type { Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

export type Trx = Transaction<Database>;
export type Queryable = Db | Trx;

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
