import type { AccountRef, Posting, TxType } from '../../../core/ledger';
import type { ErrorCode, ErrorParams } from '../../../core/errors';

/**
 * A money movement as data (decision 032): what core and the service decided, in a closed
 * vocabulary of generic steps that each database's interpreter applies in one transaction without
 * knowing any product rule. A new money check is one more step in the plan of the service that
 * needs it; its refusal is an error code on the step.
 */
export interface Plan<T> {
  /** The money it moves: a journal row and core's balanced postings. None for an operator's step that moves no money. */
  money?: Money;
  /** Checks and domain writes, applied in this order after the journal row and before the balances. */
  steps: Step[];
  /** The answer, given the balances after the movement (as decimal strings) of the accounts it touched. */
  respond: (balanceAfter: (account: AccountRef) => string) => T;
}

export interface Money {
  /** The journal row's id, chosen by the service so that its domain rows can point at it. */
  txId: string;
  type: TxType;
  /** The user the transaction belongs to (for platform-initiated ones, the user it concerns). */
  userId: string;
  createdBy: string;
  postings: Posting[];
  ref?: { type: string; id: string };
}

/** A value a step writes or compares: bound as a parameter, never written into the SQL. */
export type Value = string | number | boolean | null;

/** A row to write, by column. */
export type Row = Readonly<Record<string, Value>>;

/**
 * Conditions on a row's columns, all of which must hold: a value is `=` (never null), `{ is }`
 * compares null-safely, `{ gt }` and `{ lt }` compare as the column's type does, `{ in }` is one of
 * a non-empty list.
 */
export type Where = Readonly<
  Record<string, Value | { is: Value } | { gt: Value } | { lt: Value } | { in: readonly Value[] }>
>;

/** How a step refuses the movement: an error code, and its parameters from the row that refused it. */
export interface Refusal {
  code: ErrorCode;
  /**
   * `forbid` only: the column of the row found whose value `params` turns into the error's
   * parameters. A `cap` passes its sum instead.
   */
  detail?: string;
  params?: (detail: string | null) => ErrorParams;
}

export type Step =
  /** Writes a row. */
  | { do: 'insert'; table: string; row: Row }
  /**
   * Changes the one row that meets `where`. With `refuse`, no such row refuses the movement;
   * without, no such row is fine (a column set only once).
   */
  | { do: 'update'; table: string; set: Row; where: Where; refuse?: Refusal }
  /** A row meeting `where` must exist; `lock` holds it until the commit. */
  | { do: 'require'; table: string; where: Where; lock?: boolean; refuse: Refusal }
  /** No row may meet `where`; `lock` holds the rows that do until the commit. */
  | { do: 'forbid'; table: string; where: Where; lock?: boolean; refuse: Refusal }
  /**
   * The sum of `sum` over the rows meeting `where`, plus `plus`, may not exceed `max` (a cumulative
   * limit). It holds no row: a plan that needs two movements to meet also locks a row both must
   * touch, before this step. The refusal's `params` gets the sum found (zero without rows).
   */
  | { do: 'cap'; table: string; where: Where; sum: string; plus: number; max: number; refuse: Refusal };

/** Writes a row, typed by its table (an interface has no index signature, hence the cast). */
export const insert = <R extends { [K in keyof R]: Value | undefined }>(table: string, row: R): Step => ({
  do: 'insert',
  table,
  row: row as unknown as Row,
});
