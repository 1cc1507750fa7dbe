import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * A rate per coin exact to the micro-dollar (decision 056): cents are too coarse for a stablecoin's
 * rate. Null on rows stored before, which are read as price_cents × 10^4.
 */
export interface PriceMicrosColumns {
  /** Micro-dollars (10^-6 USD) per whole coin; at most 10^15, so exact in either dialect. */
  price_micros: number | null;
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('price_snapshot')
    .addColumn('price_micros', 'bigint', (c) => c.check(sql`price_micros > 0`))
    .execute();
}
