import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Account closure and retention (issue 28, items 3 to 5; decision 039).
 * - `account_closure`: one row per person whose closure is under way or done. Its presence is what
 *   the movement plans' closure guard forbids (no money comes in once closure is asked); a cancelled
 *   closure deletes it (the sealed trail keeps the history).
 * - `retention_action`: each retention action done for a person (category, when), so that the daily
 *   job does each once; it holds no personal data.
 * - `erasure_request`: an erasure request and its dated answer: what was erased, what remains and
 *   until when (JSON of categories and dates, no personal data).
 */
export interface ClosureTables {
  account_closure: {
    user_id: string;
    /** requested → waiting_locks → waiting_payout → closed (src/core/closure.ts). */
    state: 'requested' | 'waiting_locks' | 'waiting_payout' | 'closed';
    requested_at: string;
    state_at: string;
    closed_at: string | null;
  };
  retention_action: {
    user_id: string;
    category: string;
    done_at: string;
  };
  erasure_request: {
    id: string;
    user_id: string;
    requested_at: string;
    /** JSON: { erased: category[], remaining: { category, until }[] }. */
    answer: string;
  };
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('account_closure')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user_profile.user_id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('state_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addCheckConstraint(
      'account_closure_state',
      sql`state in ('requested', 'waiting_locks', 'waiting_payout', 'closed')`,
    )
    .execute();
  // The daily job walks closures by state and age.
  await db.schema.createIndex('account_closure_state').on('account_closure').columns(['state', 'state_at']).execute();

  await db.schema
    .createTable('retention_action')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('retention_action_pk', ['user_id', 'category'])
    .execute();

  await db.schema
    .createTable('erasure_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('erasure_request_user')
    .on('erasure_request')
    .columns(['user_id', 'requested_at'])
    .execute();
}
