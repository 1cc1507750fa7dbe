import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { DbHandle } from '../../db/index';
import type { Database } from '../../db/schema';
import { DatabaseBusy } from '../../db/faults';
import { fulfilled, perTurn, rejected } from '../../db/per-turn';

/**
 * The write side of a money movement that core and a service have fully decided: journal row,
 * domain row, conditional balance updates, entries and the idempotency record, applied in one go
 * (decision 021), together with the other movements of the same turn of the event loop, each undone
 * alone if refused (decision 023). PostgreSQL: one call of `atlas_post_movements` (it and
 * `atlas_post_movement` are files in src/server/db/functions/, decision 031), a named statement
 * planned once per connection: one round trip and one transaction for the group. SQLite:
 * precompiled statements, one savepoint each, one commit for the group. An operator's step on a
 * request goes the same way, with or without money (its audit row included).
 */

/** The row that references the journal row, written in the same transaction. */
export type RelatedWrite =
  | { table: 'internal_transfer'; row: Database['internal_transfer'] }
  | { table: 'investment'; row: Database['investment'] }
  | { table: 'withdrawal_request'; row: Database['withdrawal_request'] }
  /** A stop: the investment must still be active. */
  | { table: 'investment_stop'; row: { id: string; stopped_at: string; current_value_cents: number } }
  /** An operator's step on a request: the request must still be pending, as the service saw it. */
  | { table: 'request_transition'; row: RequestTransition };

/**
 * A first of two approvals (`first_approved_*`), or the decision (`status`…); applied only while
 * the request is pending and, when `seen_first_approved_by` is given, its first approval is still
 * that one (null: none yet).
 */
export type RequestTransition = {
  request_table: 'deposit_request' | 'withdrawal_request';
  id: string;
  seen_first_approved_by?: string | null;
} & (
  | { first_approved_by: string; first_approved_at: string }
  | {
      status: 'approved' | 'rejected';
      processed_at: string;
      processed_by: string;
      admin_notes: string | null;
      /** The request keeps this movement's journal row as the one that decided it (a deposit's credit, a withdrawal's settlement). */
      link_tx: boolean;
    }
);

/** A condition checked in the same transaction, before anything is written; core computed its bounds. */
export interface WithdrawalLockGuard {
  /** The available balance account, locked before reading (a first investment in flight is ordered). */
  account: string;
  user_id: string;
  /** Locked when the first investment is later than this instant (ISO text, compared as such). */
  boundary: string;
}

export interface MovementRows {
  guard?: { withdrawal_lock?: WithdrawalLockGuard; verified_user?: string; profile_user?: string; not_frozen?: string };
  /** An e-mail the movement sends, committed with it. */
  outbox?: Database['email_outbox'];
  /** The audit row of an operator's step, committed with it. */
  audit?: Database['audit_log'];
  /** Null for a step that moves no money (an operator's first approval, a deposit's rejection): no entries either. */
  tx: Omit<Database['ledger_tx'], 'response'> | null;
  /** In the order the balances are updated (sorted by account id: no deadlock between two movements). */
  entries: Array<{ accountId: string; owner: string; kind: string; amount: number }>;
  related?: RelatedWrite;
}

export interface StoredAnswer {
  request_hash: string | null;
  response: string | null;
}

export type MovementOutcome =
  { applied: true; balances: number[]; response: string | null } | { applied: false; earlier: StoredAnswer };

/** Why the database refused a movement: a debit not covered, or a domain row no longer in the state the service saw. */
export class MovementRefused extends Error {
  constructor(
    readonly reason: 'insufficient' | 'stale' | 'locked' | 'unverified' | 'no_profile' | 'frozen',
    /** The account not covering the debit (insufficient), or the first investment's date (locked). */
    readonly accountId?: string,
  ) {
    super(reason === 'insufficient' ? `insufficient funds in ${accountId}` : 'the row changed since it was read');
    this.name = 'MovementRefused';
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

const txColumns = [
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

/** SQLite's form of migration 020's request transition: the same conditions, one statement per table. */
function requestTransitionSql(table: RequestTransition['request_table'], linked: 'tx_id' | 'settle_tx_id'): string {
  return `update ${table} set
      status = coalesce(@status, status),
      processed_at = coalesce(@processed_at, processed_at),
      processed_by = coalesce(@processed_by, processed_by),
      admin_notes = case when @status is null then admin_notes else @admin_notes end,
      first_approved_by = coalesce(@first_approved_by, first_approved_by),
      first_approved_at = coalesce(@first_approved_at, first_approved_at),
      ${linked} = case when @link_tx then @tx_id else ${linked} end
    where id = @id and status = 'pending' and (not @check_first or first_approved_by is @seen_first_approved_by)`;
}

/** Every named parameter of requestTransitionSql, absent ones null. */
function transitionParams(row: RequestTransition, txId: string | null) {
  const decision = 'status' in row ? row : undefined;
  const first = 'first_approved_by' in row ? row : undefined;
  return {
    id: row.id,
    status: decision?.status ?? null,
    processed_at: decision?.processed_at ?? null,
    processed_by: decision?.processed_by ?? null,
    admin_notes: decision?.admin_notes ?? null,
    link_tx: decision?.link_tx ? 1 : 0,
    tx_id: txId,
    first_approved_by: first?.first_approved_by ?? null,
    first_approved_at: first?.first_approved_at ?? null,
    check_first: row.seen_first_approved_by !== undefined ? 1 : 0,
    seen_first_approved_by: row.seen_first_approved_by ?? null,
  };
}

function sqliteWriter(sqlite: SQLite.Database, withConnection: <T>(fn: () => T) => Promise<T>): MovementWriter {
  const byKey = sqlite.prepare<[string, string], StoredAnswer>(
    'select request_hash, response from ledger_tx where user_id = ? and idempotency_key = ?',
  );
  const insertTx = sqlite.prepare(
    `insert into ledger_tx (${txColumns.join(', ')}, response) values (${txColumns.map((c) => `@${c}`).join(', ')}, null)`,
  );
  const applyDelta = sqlite
    .prepare<[number, string, number], number>(
      "update ledger_account set balance_cents = balance_cents + ? where id = ? and (kind like 'platform_%' or balance_cents >= -?) returning balance_cents",
    )
    .pluck();
  const ensureAccount = sqlite.prepare(
    'insert into ledger_account (id, owner_id, kind, balance_cents, created_at) values (?, ?, ?, 0, ?) on conflict (id) do nothing',
  );
  const insertEntry = sqlite.prepare('insert into ledger_entry (tx_id, account_id, amount_cents) values (?, ?, ?)');
  const firstInvestment = sqlite
    .prepare<[string], string | null>('select min(created_at) from investment where user_id = ?')
    .pluck();
  const isVerified = sqlite.prepare<[string], number | null>('select "emailVerified" from "user" where id = ?').pluck();
  const hasProfile = sqlite.prepare<[string], number>('select 1 from user_profile where user_id = ?').pluck();
  const isFrozen = sqlite.prepare<[string], number>('select 1 from account_freeze where user_id = ?').pluck();
  const setResponse = sqlite.prepare('update ledger_tx set response = ? where id = ?');
  const stop = sqlite.prepare(
    'update investment set is_active = 0, stopped_at = @stopped_at, stop_tx_id = @tx_id, current_value_cents = @current_value_cents where id = @id and is_active = 1',
  );
  const transitions = {
    deposit_request: sqlite.prepare(requestTransitionSql('deposit_request', 'tx_id')),
    withdrawal_request: sqlite.prepare(requestTransitionSql('withdrawal_request', 'settle_tx_id')),
  };
  // One insert per domain table and column list, compiled the first time it is seen.
  const inserts = new Map<string, SQLite.Statement>();
  const insertRow = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row);
    const shape = `${table}(${columns.join(',')})`;
    let statement = inserts.get(shape);
    if (!statement) {
      statement = sqlite.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
      );
      inserts.set(shape, statement);
    }
    statement.run(row);
  };

  const write = sqlite.transaction(
    (rows: MovementRows, answer: ((balances: number[]) => string) | null): MovementOutcome => {
      const { tx } = rows;
      if (tx && tx.idempotency_key !== null) {
        const earlier = byKey.get(tx.user_id, tx.idempotency_key);
        if (earlier) return { applied: false, earlier };
      }
      const verifiedUser = rows.guard?.verified_user;
      if (verifiedUser !== undefined && !isVerified.get(verifiedUser)) throw new MovementRefused('unverified');
      const profileUser = rows.guard?.profile_user;
      if (profileUser !== undefined && !hasProfile.get(profileUser)) throw new MovementRefused('no_profile');
      const frozenUser = rows.guard?.not_frozen;
      if (frozenUser !== undefined && isFrozen.get(frozenUser)) throw new MovementRefused('frozen');
      const lock = rows.guard?.withdrawal_lock;
      if (lock) {
        const first = firstInvestment.get(lock.user_id);
        if (first != null && first > lock.boundary) throw new MovementRefused('locked', first);
      }
      if (tx) insertTx.run(tx);
      const related = rows.related;
      if (related?.table === 'investment_stop') {
        if (stop.run({ ...related.row, tx_id: tx?.id ?? null }).changes !== 1) throw new MovementRefused('stale');
      } else if (related?.table === 'request_transition') {
        const changed = transitions[related.row.request_table].run(transitionParams(related.row, tx?.id ?? null));
        if (changed.changes !== 1) throw new MovementRefused('stale');
      } else if (related) {
        insertRow(related.table, related.row);
      }
      const balances: number[] = [];
      for (const e of rows.entries) {
        let balance = applyDelta.get(e.amount, e.accountId, e.amount);
        if (balance === undefined && (e.amount > 0 || e.owner === 'platform')) {
          ensureAccount.run(e.accountId, e.owner, e.kind, tx!.created_at);
          balance = applyDelta.get(e.amount, e.accountId, e.amount);
        }
        if (balance === undefined) throw new MovementRefused('insufficient', e.accountId);
        balances.push(balance);
      }
      for (const e of rows.entries) insertEntry.run(tx!.id, e.accountId, e.amount);
      if (rows.outbox) insertRow('email_outbox', { ...rows.outbox });
      if (rows.audit) insertRow('audit_log', { ...rows.audit });
      const response = answer ? answer(balances) : null;
      if (response !== null) setResponse.run(response, tx!.id);
      return { applied: true, balances, response };
    },
  );

  // Group commit: the movements that arrive in one turn of the event loop share one commit, each in
  // its own savepoint (`write` nested in a transaction runs as one), so a refused movement is undone
  // alone and only its caller hears of it. The commit writes the pages they share once (the tables'
  // last pages, the indexes' right edges, sqlite_sequence, the platform's balance): those pages
  // were most of what a transfer cost SQLite. Each caller still gets its answer only after the
  // commit; if the commit fails, every movement of the group fails with it and none is applied.
  type Queued = { rows: MovementRows; answer: ((balances: number[]) => string) | null };
  const writeGroup = sqlite.transaction((group: Queued[]) =>
    group.map(({ rows, answer }): PromiseSettledResult<MovementOutcome> => {
      try {
        return fulfilled(write(rows, answer));
      } catch (err) {
        // An error SQLite answers by rolling back the whole transaction (disk full, I/O): the
        // rest must not run outside it, and the group fails as one.
        if (!sqlite.inTransaction) throw err;
        return rejected(err);
      }
    }),
  );
  // IMMEDIATE: the write lock is taken at BEGIN, so no statement of the group meets another writer.
  const applyInGroup = perTurn((group: Queued[]) => withConnection(() => writeGroup.immediate(group)));

  return {
    apply: (rows, answer) =>
      applyInGroup({ rows, answer: answer && rows.tx?.idempotency_key != null ? answer.build : null }),
    findByKey: (userId, key) => withConnection(() => byKey.get(userId, key)),
  };
}

/** A movement's refusal as the database signals it (our SQLSTATEs: db/functions/*.sql), or the error itself. */
function refusalOf(err: unknown): unknown {
  const { code, detail } = err as { code?: string; detail?: string };
  if (code === 'AT001') return new MovementRefused('insufficient', detail);
  if (code === 'AT002') return new MovementRefused('stale');
  if (code === 'AT003') return new MovementRefused('locked', detail);
  if (code === 'AT004') return new MovementRefused('unverified');
  if (code === 'AT005') return new MovementRefused('no_profile');
  if (code === 'AT006') return new MovementRefused('frozen');
  // Not attempted: one of its balances is locked elsewhere (migration 021); tried again later.
  if (code === 'AT007') return new DatabaseBusy('account_locked');
  return err;
}

/** One movement's place in the answer of `atlas_post_movements` (db/functions/atlas_post_movements.sql). */
type BatchResult =
  | { code: string; detail: string | null; message: string }
  | { balances: number[] | null; replay_found: boolean; replay_hash: string | null; replay_response: string | null };

/** Under PostgreSQL's 64 cached subtransactions per transaction (migration 019). */
const MAX_GROUP = 48;

function postgresWriter(pool: pg.Pool): MovementWriter {
  // The movements in hand at one turn of the event loop go in one call, one round trip and one
  // transaction (decision 023): under load a round trip per movement was most of what the server
  // spent, and a balance every movement updates (one payee) was held for a commit each.
  // One group in flight at a time: the next forms while it runs, and groups of one server never
  // queue on each other's locks (a payee every transfer credits).
  const applyInGroup = perTurn(
    async (items: string[]) => {
      try {
        const { rows } = await pool.query<{ results: BatchResult[] }>({
          name: 'atlas_post_movements',
          text: 'select atlas_post_movements($1::jsonb) as results',
          values: [`[${items.join(',')}]`],
        });
        return (rows[0]?.results ?? []).map((r): PromiseSettledResult<MovementOutcome> => {
          if ('code' in r)
            return rejected(refusalOf(Object.assign(new Error(r.message), { code: r.code, detail: r.detail })));
          if (r.replay_found)
            return fulfilled({ applied: false, earlier: { request_hash: r.replay_hash, response: r.replay_response } });
          return fulfilled({ applied: true, balances: (r.balances ?? []).map(Number), response: null });
        });
      } catch (err) {
        throw refusalOf(err);
      }
    },
    { oneAtATime: true, max: MAX_GROUP },
  );
  return {
    apply(rows, answer) {
      const { entries, related, tx } = rows;
      const movement = {
        tx,
        accounts: entries.map((e) => e.accountId),
        owners: entries.map((e) => e.owner),
        kinds: entries.map((e) => e.kind),
        amounts: entries.map((e) => e.amount),
        related_table: related?.table ?? null,
        related: related?.row ?? null,
        response: answer && tx?.idempotency_key != null ? answer.template : null,
        guard: rows.guard ?? null,
        outbox: rows.outbox ?? null,
        audit: rows.audit ?? null,
      };
      // Serialised here, so that a row that cannot be (it would throw) is refused to its caller alone.
      let item: string;
      try {
        item = JSON.stringify(movement);
      } catch (err) {
        return Promise.reject(err);
      }
      return applyInGroup(item);
    },
    async findByKey(userId, key) {
      const result = await pool.query<StoredAnswer>({
        name: 'ledger_tx_by_key',
        text: 'select request_hash, response from ledger_tx where user_id = $1 and idempotency_key = $2',
        values: [userId, key],
      });
      return result.rows[0];
    },
  };
}

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
