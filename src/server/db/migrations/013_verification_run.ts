import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

export interface VerificationTables {
  /** Each run of a verification (the ledger's invariants), so that operators and /metrics see the last result. */
  verification_run: { id: string; kind: string; ran_at: string; ok: number; problems: number; detail: string };
}

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('verification_run')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ran_at', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('problems', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verification_run_kind_at').on('verification_run').columns(['kind', 'ran_at']).execute();
}
