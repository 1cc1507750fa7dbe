import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

export interface MarketTables {
  /** Every successful price read, so that a failing provider still leaves a dated last price (brief §7). */
  price_snapshot: {
    id: string;
    /** e.g. 'BTC-USD' */
    symbol: string;
    /** Integer cents of the quote currency (USD). */
    price_cents: number;
    /** ISO-8601 UTC */
    fetched_at: string;
  };
}

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('price_snapshot')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('price_snapshot_symbol_time')
    .on('price_snapshot')
    .columns(['symbol', 'fetched_at'])
    .execute();
}
