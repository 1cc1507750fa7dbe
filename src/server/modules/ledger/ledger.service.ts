import { createHash } from 'node:crypto';
import { accountId, PLATFORM } from '../../../core/ledger';
import { toDecimalString } from '../../../core/money';
import * as repo from './ledger.repo';
import type { Queryable } from './ledger.repo';

/** A debit that the account's balance did not cover; the caller turns it into its own message. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: string) {
    super(`insufficient funds in ${accountId}`);
    this.name = 'InsufficientFunds';
  }
}

/** The fingerprint of what a keyed request asked, kept with its answer. */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

export interface IdempotencyInput {
  userId: string;
  key: string | undefined;
  /**
   * What was asked, in a stable shape (`['transfer', payee, cents]`): the same key with another
   * request is refused. Hashed only when a key makes the request replayable.
   */
  request: unknown;
}

const sentinel = /^\$balance:(\d+)$/;

/** The stored answer of a keyed request; PostgreSQL stores a template and the balances separately. */
export function decodeStoredAnswer<T>(text: string): T {
  const stored = JSON.parse(text) as unknown;
  if (stored === null || typeof stored !== 'object' || !('$balances' in stored)) return stored as T;
  const { $balances: balances, body } = stored as { $balances: number[]; body: unknown };
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const m = sentinel.exec(value);
      return m ? toDecimalString(Number(balances[Number(m[1])])) : value;
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return fill(body) as T;
}

export async function userBalances(db: Queryable, userId: string) {
  const b = await repo.balancesOf(db, userId);
  return { available: b.available ?? 0, invested: b.invested ?? 0, withdrawalHold: b.withdrawal_hold ?? 0 };
}

export async function availableBalance(db: Queryable, userId: string): Promise<number> {
  return repo.balanceOf(db, accountId({ owner: userId, kind: 'available' }));
}

export async function platformBalances(db: Queryable) {
  const b = await repo.balancesOf(db, PLATFORM);
  return { deposits: b.platform_deposits ?? 0, withdrawals: b.platform_withdrawals ?? 0, pnl: b.platform_pnl ?? 0 };
}
