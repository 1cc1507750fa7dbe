import type { Database } from '../../db/schema';
import type { StepSql } from './plan-sql';

/**
 * The write side of a plan that core and a service have fully decided (decision 032): the journal
 * row, the plan's steps as statements, the balances with their floors, the entries and the
 * idempotency record, applied in one go (decision 021), together with the other movements of the
 * same turn of the event loop, each undone alone if refused (decision 023). Each database has one
 * interpreter and no product rule: movement.sqlite.ts, and movement.postgres.ts with
 * db/functions/atlas_post_movement(s).sql (decision 031).
 */
export interface MovementRows {
  /** Null for a step that moves no money (an operator's first approval, a deposit's rejection): no entries either. */
  tx: Omit<Database['ledger_tx'], 'response'> | null;
  steps: StepSql[];
  /** In the order the balances are updated (sorted by account id: no deadlock between two movements). */
  entries: Entry[];
}

export interface Entry {
  accountId: string;
  owner: string;
  kind: string;
  amount: number;
  /** The lowest balance this posting may leave (core's decision); null: none. */
  floor: number | null;
}

export interface StoredAnswer {
  request_hash: string | null;
  response: string | null;
}

export type MovementOutcome =
  { applied: true; balances: number[]; response: string | null } | { applied: false; earlier: StoredAnswer };

/** A step of the plan refused the movement: its place in the plan, and the first column of the row that refused it. */
export class StepRefused extends Error {
  constructor(
    readonly step: number,
    readonly detail: string | null,
  ) {
    super(`refused by step ${step}`);
    this.name = 'StepRefused';
  }
}

/** A posting would have left its account below its floor. */
export class BelowFloor extends Error {
  constructor(readonly accountId: string) {
    super(`insufficient funds in ${accountId}`);
    this.name = 'BelowFloor';
  }
}

export interface MovementWriter {
  /**
   * Applies the rows unless the user's idempotency key already has a transaction (then returns it).
   * `answer` turns the new balances (in entry order) into the stored replay answer; PostgreSQL
   * stores `template` instead, wrapped with the balances (see decodeStoredAnswer).
   */
  apply(
    rows: MovementRows,
    answer: { build: (balances: number[]) => string; template: string } | null,
  ): Promise<MovementOutcome>;
  findByKey(userId: string, key: string): Promise<StoredAnswer | undefined>;
}

export const txColumns = [
  'id',
  'type',
  'user_id',
  'idempotency_key',
  'request_hash',
  'ref_type',
  'ref_id',
  'created_by',
  'created_at',
] as const;
