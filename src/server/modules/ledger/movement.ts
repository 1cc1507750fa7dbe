import { accountId, assertBalanced, balanceFloor, type AccountRef } from '../../../core/ledger';
import { DomainError } from '../../../core/errors';
import { toDecimalString } from '../../../core/money';
import type { DbHandle } from '../../db/index';
import { dbFaultOf, type DbFault } from '../../db/faults';
import { countRetry } from '../../db/stats';
import { decodeStoredAnswer, InsufficientFunds, requestHash, type IdempotencyInput } from './ledger.service';
import { BelowFloor, StepRefused, type MovementRows, type MovementWriter, type StoredAnswer } from './movement.repo';
import { postgresWriter } from './movement.postgres';
import { sqliteWriter } from './movement.sqlite';
import type { Plan } from './plan';
import { postgresSql, sqliteSql, stepSql } from './plan-sql';

/**
 * The writer for this database, or null (a handle without a raw connection). The
 * composition root makes one per server: a group gathers all the server's movements of a turn.
 */
export function createMovementWriter(dbh: DbHandle): MovementWriter | null {
  if (dbh.pool) return postgresWriter(dbh.pool);
  const sqlite = dbh.sqlite;
  if (!sqlite) return null;
  // Kysely serialises its use of the one connection with a mutex that a transaction holds across
  // awaits. When no transaction is open, a synchronous one cannot interleave with anything; when
  // one is, the movement waits for the connection like any Kysely query would.
  const withConnection = <T>(fn: () => T): Promise<T> =>
    sqlite.inTransaction ? dbh.db.connection().execute(async () => fn()) : new Promise<T>((resolve) => resolve(fn()));
  return sqliteWriter(sqlite, withConnection);
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
 * Applies plans (decision 032) in one database step each (decision 021). Built once by the composition root
 * (services.ts) and handed to every service that moves money, so that one group gathers them all.
 */
export function createMovements(dbh: DbHandle) {
  const writer = createMovementWriter(dbh);
  if (!writer) throw new Error('no raw database connection for money movements');
  const dialect = dbh.pool ? postgresSql : sqliteSql;

  async function replay<T>(input: IdempotencyInput): Promise<T | undefined> {
    if (!input.key) return undefined;
    const found = await writer!.findByKey(input.userId, input.key);
    return found ? answerOf<T>(found, requestHash(input.request)) : undefined;
  }

  return {
    replay,
    /**
     * Runs a movement at most once per idempotency key: a replay with the same request gets the
     * first answer and moves nothing; the same key with another request is refused; two concurrent
     * requests with one key cannot both commit (the key's unique index), and the second gets the
     * first one's answer.
     */
    async apply<T>(input: IdempotencyInput, plan: Plan<T>, now: Date): Promise<T> {
      const { money } = plan;
      // Only a journal row keeps an idempotency key and its answer.
      if (!money && input.key) throw new Error('a movement without money cannot be replayed by key');
      if (money) assertBalanced(money.postings);
      const hash = input.key ? requestHash(input.request) : null;
      // A stable order of row updates keeps two opposite movements from deadlocking on PostgreSQL.
      const entries = (money?.postings ?? [])
        .map((p) => ({
          accountId: accountId(p.account),
          owner: p.account.owner,
          kind: p.account.kind as string,
          amount: p.amount,
          floor: balanceFloor(p.account),
        }))
        .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
      const indexOf = (account: AccountRef) => {
        const i = entries.findIndex((e) => e.accountId === accountId(account));
        if (i < 0) throw new Error(`movement ${money?.txId} did not touch ${accountId(account)}`);
        return i;
      };
      const render = (balances: number[]) => plan.respond((account) => toDecimalString(balances[indexOf(account)]!));
      const rows: MovementRows = {
        tx: money
          ? {
              id: money.txId,
              type: money.type,
              user_id: money.userId,
              idempotency_key: input.key ?? null,
              request_hash: hash,
              ref_type: money.ref?.type ?? null,
              ref_id: money.ref?.id ?? null,
              created_by: money.createdBy,
              created_at: now.toISOString(),
            }
          : null,
        entries,
        steps: plan.steps.map((step) => stepSql(step, dialect)),
      };
      // Only a request with a key can be replayed, so only its answer is kept.
      const answer = input.key
        ? {
            build: (balances: number[]) => JSON.stringify(render(balances)),
            template: JSON.stringify(plan.respond((account) => `$balance:${indexOf(account)}`)),
          }
        : null;
      // Read per movement: the handle's waits are its configuration (a test may shorten them).
      const deadline = Date.now() + (dbh.waits?.retryMs ?? 5000);
      for (let attempt = 0; ; attempt++) {
        try {
          const outcome = await writer!.apply(rows, answer);
          if (!outcome.applied) return answerOf<T>(outcome.earlier, hash ?? '');
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
          if (err instanceof BelowFloor) throw new InsufficientFunds(err.accountId);
          if (err instanceof StepRefused) {
            const step = plan.steps[err.step];
            const refuse = step && 'refuse' in step ? step.refuse : undefined;
            if (!refuse) throw err;
            throw new DomainError(refuse.code, refuse.params?.(err.detail));
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
