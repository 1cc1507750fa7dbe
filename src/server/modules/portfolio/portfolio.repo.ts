import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

export type HistoryRow = Database['performance_history'];

/** What the stats need of every active investment: four numbers and no strings, however many there are. */
export async function activeValuation(db: Db, userId: string) {
  return db
    .selectFrom('investment')
    .select(['area', 'amount_cents', 'current_value_cents', 'btc_price_at_investment_cents'])
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .execute();
}

export interface PageKey {
  createdAt: string;
  id: string;
}

/** One page of active investments, newest first, after `after` (index investment(user_id, is_active, created_at)). */
export async function activePage(db: Db, userId: string, after: PageKey | null, limit: number) {
  return db
    .selectFrom('investment')
    .select(['id', 'area', 'amount_cents', 'current_value_cents', 'btc_price_at_investment_cents', 'created_at'])
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('created_at', '<', after!.createdAt),
          eb.and([eb('created_at', '=', after!.createdAt), eb('id', '<', after!.id)]),
        ]),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function historyOf(db: Db, userId: string, fromMonth: string, toMonth: string): Promise<HistoryRow[]> {
  return db
    .selectFrom('performance_history')
    .selectAll()
    .where('user_id', '=', userId)
    .where('month', '>=', fromMonth)
    .where('month', '<=', toMonth)
    .orderBy('month')
    .execute();
}

/** The last stored BTC price before an instant (the price at a month end). */
export async function priceBefore(db: Db, symbol: string, before: string): Promise<number | null> {
  const row = await db
    .selectFrom('price_snapshot')
    .select('price_cents')
    .where('symbol', '=', symbol)
    .where('fetched_at', '<', before)
    .orderBy('fetched_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.price_cents) : null;
}

export async function earliestInvestmentAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('investment')
    .select((eb) => eb.fn.min<string | null>('created_at').as('first'))
    .executeTakeFirst();
  return row?.first ?? null;
}

/** When a person first invested (their history starts that month), or null. */
export async function firstInvestmentOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('investment')
    .select((eb) => eb.fn.min<string | null>('created_at').as('first'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.first ?? null;
}

export async function completedMonths(db: Db, fromMonth: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('performance_snapshot_run')
    .select('month')
    .where('month', '>=', fromMonth)
    .execute();
  return new Set(rows.map((r) => r.month));
}

export async function markCompleted(db: Db, month: string, at: string): Promise<void> {
  await db
    .insertInto('performance_snapshot_run')
    .values({ month, completed_at: at })
    .onConflict((oc) => oc.column('month').doNothing())
    .execute();
}

/**
 * Value per user and area of every investment alive at `end` (created before, not stopped
 * before). Crypto follows `btcPriceCents` against its price at investment, rounded half up to
 * the cent exactly as core/valuation does; without a price, the stored value counts.
 */
export async function valuesAt(
  db: Db,
  end: string,
  btcPriceCents: number | null,
  afterUser: string | null,
  users: number,
  onlyUser: string | null = null,
) {
  const price = sql`cast(${btcPriceCents ?? 0} as bigint)`;
  const value = sql<number>`sum(case when area = 'crypto' and ${price} > 0 and btc_price_at_investment_cents > 0
    then (amount_cents * ${price} * 2 + btc_price_at_investment_cents) / (btc_price_at_investment_cents * 2)
    else current_value_cents end)`;
  const alive = db
    .selectFrom('investment')
    .where('created_at', '<', end)
    .where((eb) => eb.or([eb('stopped_at', 'is', null), eb('stopped_at', '>=', end)]))
    .$if(onlyUser !== null, (q) => q.where('user_id', '=', onlyUser!));
  // Users are taken a page at a time, so a month of a large platform is a series of bounded queries.
  const page = await alive
    .select('user_id')
    .distinct()
    .$if(afterUser !== null, (q) => q.where('user_id', '>', afterUser!))
    .orderBy('user_id')
    .limit(users)
    .execute();
  if (page.length === 0) return { rows: [], last: null };
  const ids = page.map((p) => p.user_id);
  const rows = await alive
    .select(['user_id', 'area', value.as('value')])
    .where('user_id', 'in', ids)
    .groupBy(['user_id', 'area'])
    .execute();
  return {
    rows: rows.map((r) => ({ userId: r.user_id, area: r.area, value: Number(r.value) })),
    last: ids[ids.length - 1]!,
  };
}

/** A month once written is never rewritten: of two concurrent runs, each row is inserted once. */
export async function insertHistory(db: Db, rows: HistoryRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('performance_history')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
