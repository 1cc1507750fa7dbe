import { timeOrderedId } from '../../../core/ids';
import { createHash } from 'node:crypto';
import { accountId, assertBalanced, PLATFORM, type Posting, type TxType } from '../../../core/ledger';
import { DomainError } from '../../../core/errors';
import { toDecimalString } from '../../../core/money';
import type { Db } from '../../db/index';
import { isRetryableConflict } from '../../db/errors';
import * as repo from './ledger.repo';
import type { Trx } from './ledger.repo';

export type { Trx } from './ledger.repo';

/** A debit that the account's balance did not cover; the caller turns it into its own message. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: string) {
    super(`insufficient funds in ${accountId}`);
    this.name = 'InsufficientFunds';
  }
}

export interface PostInput {
  type: TxType;
  /** The user the transaction belongs to (for platform-initiated ones, the user it concerns). */
  userId: string;
  createdBy: string;
  postings: Posting[];
  ref?: { type: string; id: string };
  idempotency?: { key: string; requestHash: string };
}

export interface Posted {
  txId: string;
  /** Each touched account's cached balance right after this transaction, by ledger account id. */
  balances: Map<string, number>;
}

/**
 * Writes one balanced transaction: the journal row, its entries, and the cached balances, all
 * inside the caller's database transaction. Debits are conditional; a debit the balance does not
 * cover throws InsufficientFunds and the caller's transaction rolls back whole.
 */
export async function post(trx: Trx, input: PostInput, now: Date): Promise<string> {
  return (await postTx(trx, input, now)).txId;
}

/**
 * As post, also returning the new balances (saves reading them again). `related` writes the rows
 * that reference the transaction (the transfer, the investment) after the journal row and before
 * the balances: on PostgreSQL a balance row stays locked from its update to the commit, so the
 * contended rows are touched last.
 */
export async function postTx(
  trx: Trx,
  input: PostInput,
  now: Date,
  related?: (txId: string) => Promise<void>,
): Promise<Posted> {
  assertBalanced(input.postings);
  const at = now.toISOString();
  const entries = input.postings.map((p) => ({ accountId: accountId(p.account), amount: p.amount, p }));
  const txId = timeOrderedId();
  await repo.insertTx(trx, {
    id: txId,
    type: input.type,
    user_id: input.userId,
    idempotency_key: input.idempotency?.key ?? null,
    request_hash: input.idempotency?.requestHash ?? null,
    response: null,
    ref_type: input.ref?.type ?? null,
    ref_id: input.ref?.id ?? null,
    created_by: input.createdBy,
    created_at: at,
  });
  await related?.(txId);
  const balances = new Map<string, number>();
  // A stable order of row updates keeps two opposite transfers from deadlocking on PostgreSQL.
  for (const e of [...entries].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0))) {
    let balance = await repo.applyDelta(trx, e.accountId, e.amount);
    const mayBeNew = e.amount > 0 || e.p.account.owner === PLATFORM;
    if (balance === null && mayBeNew) {
      // Accounts are created on first use; a missing one is created and the update retried.
      await repo.ensureAccounts(trx, [{ id: e.accountId, ownerId: e.p.account.owner, kind: e.p.account.kind }], at);
      balance = await repo.applyDelta(trx, e.accountId, e.amount);
    }
    if (balance === null) throw new InsufficientFunds(e.accountId);
    balances.set(e.accountId, balance);
  }
  await repo.insertEntries(trx, txId, entries);
  return { txId, balances };
}

export function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export interface IdempotencyInput {
  userId: string;
  key: string | undefined;
  requestHash: string;
}

/**
 * Runs a money movement at most once per idempotency key: a replay with the same request gets
 * the first answer and moves nothing; the same key with another request is refused. The
 * operation writes its ledger transaction with the key (unique per user), so two concurrent
 * requests with one key cannot both commit.
 */
/** The stored answer of an earlier request with this key, if there was one. */
export async function replayOf<T>(db: Db, input: IdempotencyInput): Promise<T | undefined> {
  if (!input.key) return undefined;
  const found = await repo.findTxByKey(db, input.userId, input.key);
  if (!found) return undefined;
  if (found.request_hash !== input.requestHash) throw new DomainError('idempotency_key_reused');
  if (found.response === null) throw new DomainError('idempotency_in_progress');
  return decodeStoredAnswer<T>(found.response);
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

export async function runIdempotent<T>(
  db: Db,
  input: IdempotencyInput,
  operation: (trx: Trx, idempotency: PostInput['idempotency']) => Promise<{ txId: string; response: T }>,
): Promise<T> {
  const idempotency = input.key ? { key: input.key, requestHash: input.requestHash } : undefined;
  const replay = () => replayOf<T>(db, input);
  const earlier = await replay();
  if (earlier !== undefined) return earlier;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const { txId, response } = await operation(trx, idempotency);
        // Only a request with a key can be replayed, so only its answer is kept.
        if (idempotency) await repo.setTxResponse(trx, txId, JSON.stringify(response));
        return response;
      });
    } catch (err) {
      // Whatever refused this attempt (the key's unique index, a row the first request changed),
      // a first request with this key that has committed since owns the answer.
      if (input.key) {
        const first = await replay();
        if (first !== undefined) return first;
      }
      if (isRetryableConflict(err) && attempt < 5) continue;
      throw err;
    }
  }
}

/**
 * Runs checks and a movement made with runIdempotent; if the checks refuse because a concurrent
 * retry with the same key has just committed (the investment is no longer active...), the
 * retry gets that first answer, as it would have a moment later.
 */
export async function firstAnswerOr<T>(db: Db, input: IdempotencyInput, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (err) {
    if (input.key && err instanceof DomainError) {
      const first = await replayOf<T>(db, input);
      if (first !== undefined) return first;
    }
    throw err;
  }
}

export async function userBalances(db: Db | Trx, userId: string) {
  const b = await repo.balancesOf(db, userId);
  return { available: b.available ?? 0, invested: b.invested ?? 0, withdrawalHold: b.withdrawal_hold ?? 0 };
}

export async function availableBalance(db: Db | Trx, userId: string): Promise<number> {
  return repo.balanceOf(db, accountId({ owner: userId, kind: 'available' }));
}

export async function platformBalances(db: Db | Trx) {
  const b = await repo.balancesOf(db, PLATFORM);
  return { deposits: b.platform_deposits ?? 0, withdrawals: b.platform_withdrawals ?? 0, pnl: b.platform_pnl ?? 0 };
}
