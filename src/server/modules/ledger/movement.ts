import { timeOrderedId } from '../../../core/ids';
import { accountId, assertBalanced, type AccountRef } from '../../../core/ledger';
import { DomainError } from '../../../core/errors';
import { toDecimalString } from '../../../core/money';
import type { DbHandle } from '../../db/index';
import type { Database } from '../../db/schema';
import { dbFaultOf, type DbFault } from '../../db/faults';
import { countRetry } from '../../db/stats';
import { decodeStoredAnswer, InsufficientFunds, type IdempotencyInput, type PostInput } from './ledger.service';
import {
  createMovementWriter,
  MovementRefused,
  type RelatedWrite,
  type RequestTransition,
  type StoredAnswer,
} from './movement.repo';

/**
 * A money movement as core and the service decided it: the postings, the domain row that goes with
 * them, and the answer (which may show balances the movement leaves). The database only applies it.
 */
export interface Movement<T> {
  /** The money it moves; none for an operator's step that only changes a request (a first approval, a deposit's rejection). */
  post?: PostInput;
  related?: (txId: string) => RelatedWrite;
  /** An operator's step on a request (its domain row; the request keeps the journal row when the step says so). */
  transition?: RequestTransition;
  /** The answer, given the balances after the movement (as decimal strings) of the accounts it touched. */
  respond: (balanceAfter: (account: AccountRef) => string) => T;
  /** What to say when the domain row was no longer in the state the service saw (a stop raced by another). */
  stale?: () => Error;
  /** A withdrawal's lock, checked in the same transaction; `locked` says what to answer when it holds. */
  guard?: { withdrawalLock: { userId: string; boundary: Date }; locked: (firstInvestmentAt: Date) => Error };
  /** Money leaves only from a verified address (decision 017): checked in the same statement. */
  requireVerified?: string;
  /** The user must have a profile (an investor), checked in the same statement. */
  requireProfile?: string;
  /** A frozen account sends nothing out (no transfer, withdrawal or new investment): checked in the same statement. */
  requireNotFrozen?: string;
  /** What to say when that account is frozen (the person's own movement: account_frozen). */
  frozen?: () => Error;
  /** The audit row of an operator's step, given the journal row's id (null when no money moved). */
  audit?: (txId: string | null) => Database['audit_log'];
  /** An e-mail sent with the movement (its outbox row, committed together). */
  outbox?: (now: Date) => Database['email_outbox'];
}

/**
 * Whether a failed attempt may simply be made again (decision 026): when the database refused it
 * as a whole (a lock or statement timeout, a deadlock, a serialization failure, no connection to
 * be had), or when the backend that ran it is gone and the look by key just made found nothing
 * (its transaction can no longer commit). A lost connection otherwise leaves the outcome open:
 * the caller hears 503 and its retry with the same key settles it. A full disk stays full.
 */
function mayRetry(fault: DbFault, hasKey: boolean): boolean {
  if (fault.kind === 'full' || fault.reason.startsWith('SQLITE_BUSY')) return false;
  if (fault.notCommitted) return true;
  return hasKey && (fault.reason === '57P01' || fault.reason === '57P02');
}

const sleep = (ms: number, atMost: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, atMost)));

function answerOf<T>(found: StoredAnswer, requestHash: string): T {
  if (found.request_hash !== requestHash) throw new DomainError('idempotency_key_reused');
  if (found.response === null) throw new DomainError('idempotency_in_progress');
  return decodeStoredAnswer<T>(found.response);
}

/**
 * Applies movements in one database step each (decision 021). Built once by the composition root
 * (services.ts) and handed to every service that moves money, so that one group gathers them all.
 */
export function createMovements(dbh: DbHandle) {
  const writer = createMovementWriter(dbh);
  if (!writer) throw new Error('no raw database connection for money movements');

  async function replay<T>(input: IdempotencyInput): Promise<T | undefined> {
    if (!input.key) return undefined;
    const found = await writer!.findByKey(input.userId, input.key);
    return found ? answerOf<T>(found, input.requestHash) : undefined;
  }

  return {
    replay,
    /**
     * Runs a movement at most once per idempotency key: a replay with the same request gets the
     * first answer and moves nothing; the same key with another request is refused; two concurrent
     * requests with one key cannot both commit (the key's unique index), and the second gets the
     * first one's answer.
     */
    async apply<T>(input: IdempotencyInput, movement: Movement<T>, now: Date): Promise<T> {
      const { post } = movement;
      // Only a journal row keeps an idempotency key and its answer.
      if (!post && input.key) throw new Error('a movement without money cannot be replayed by key');
      if (post) assertBalanced(post.postings);
      const txId = post ? timeOrderedId() : null;
      const at = now.toISOString();
      // A stable order of row updates keeps two opposite movements from deadlocking on PostgreSQL.
      const entries = (post?.postings ?? [])
        .map((p) => ({
          accountId: accountId(p.account),
          owner: p.account.owner,
          kind: p.account.kind as string,
          amount: p.amount,
        }))
        .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
      const indexOf = (account: AccountRef) => {
        const i = entries.findIndex((e) => e.accountId === accountId(account));
        if (i < 0) throw new Error(`movement ${txId} did not touch ${accountId(account)}`);
        return i;
      };
      const render = (balances: number[]) =>
        movement.respond((account) => toDecimalString(balances[indexOf(account)]!));
      const rows = {
        tx: post
          ? {
              id: txId!,
              type: post.type,
              user_id: post.userId,
              idempotency_key: input.key ?? null,
              request_hash: input.key ? input.requestHash : null,
              ref_type: post.ref?.type ?? null,
              ref_id: post.ref?.id ?? null,
              created_by: post.createdBy,
              created_at: at,
            }
          : null,
        entries,
        related: movement.transition
          ? ({ table: 'request_transition', row: movement.transition } as const)
          : txId !== null
            ? movement.related?.(txId)
            : undefined,
        guard:
          movement.guard || movement.requireVerified || movement.requireProfile || movement.requireNotFrozen
            ? {
                not_frozen: movement.requireNotFrozen,
                verified_user: movement.requireVerified,
                profile_user: movement.requireProfile,
                withdrawal_lock: movement.guard && {
                  account: accountId({ owner: movement.guard.withdrawalLock.userId, kind: 'available' }),
                  user_id: movement.guard.withdrawalLock.userId,
                  boundary: movement.guard.withdrawalLock.boundary.toISOString(),
                },
              }
            : undefined,
        outbox: movement.outbox?.(now),
        audit: movement.audit?.(txId),
      };
      // Only a request with a key can be replayed, so only its answer is kept.
      const answer = input.key
        ? {
            build: (balances: number[]) => JSON.stringify(render(balances)),
            template: JSON.stringify(movement.respond((account) => `$balance:${indexOf(account)}`)),
          }
        : null;
      // Read per movement: the handle's waits are its configuration (a test may shorten them).
      const deadline = Date.now() + (dbh.waits?.retryMs ?? 5000);
      for (let attempt = 0; ; attempt++) {
        try {
          const outcome = await writer!.apply(rows, answer);
          if (!outcome.applied) return answerOf<T>(outcome.earlier, input.requestHash);
          return render(outcome.balances);
        } catch (err) {
          const fault = dbFaultOf(err);
          // Whatever refused this attempt (the key's unique index, a row the first request changed,
          // a lost connection), a first request with this key that has committed since owns the
          // answer. A fault known not to have committed anything needs no look.
          if (!fault?.notCommitted) {
            const first = await replay<T>(input);
            if (first !== undefined) return first;
          }
          if (err instanceof MovementRefused) {
            if (err.reason === 'insufficient') throw new InsufficientFunds(err.accountId ?? '');
            if (err.reason === 'frozen') throw movement.frozen?.() ?? new DomainError('account_frozen');
            if (err.reason === 'unverified') throw new DomainError('email_not_verified');
            if (err.reason === 'no_profile') throw new DomainError('profile_not_found');
            if (err.reason === 'locked' && movement.guard) throw movement.guard.locked(new Date(err.accountId ?? 0));
            throw movement.stale?.() ?? err;
          }
          if (fault && mayRetry(fault, input.key !== undefined) && Date.now() < deadline) {
            countRetry(fault.reason);
            await sleep(Math.min(250, 10 * 2 ** attempt), Math.max(0, deadline - Date.now()));
            continue;
          }
          throw err;
        }
      }
    },
  };
}

export type Movements = ReturnType<typeof createMovements>;
