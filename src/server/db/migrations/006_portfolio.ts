import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

export interface PortfolioTables {
  /** One row per user per closed month: the value per area at the end of that month (UTC). */
  performance_history: {
    user_id: string;
    /** 'YYYY-MM' (UTC) */
    month: string;
    crypto_cents: number;
    stocks_cents: number;
    real_estate_cents: number;
    trading_cents: number;
    written_at: string;
  };
  /** The months the snapshot job has completed for everyone, so a restart catches up only what it missed. */
  performance_snapshot_run: { month: string; completed_at: string };
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('performance_history')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('crypto_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stocks_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('real_estate_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('trading_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('written_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('performance_history_pk', ['user_id', 'month'])
    .execute();

  await db.schema
    .createTable('performance_snapshot_run')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('completed_at', 'text', (c) => c.notNull())
    .execute();
}
