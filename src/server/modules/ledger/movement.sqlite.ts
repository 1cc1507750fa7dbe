import type SQLite from 'better-sqlite3';
import { fulfilled, perTurn, rejected } from '../../db/per-turn';
import type { Value } from './plan';
import {
  BelowFloor,
  StepRefused,
  txColumns,
  type MovementOutcome,
  type MovementRows,
  type MovementWriter,
  type StoredAnswer,
} from './movement.repo';

/**
 * SQLite's interpreter of plans: each step's statement compiled once per text, one savepoint per
 * movement, one commit for the movements of a turn. It knows no product rule.
 */
export function sqliteWriter(sqlite: SQLite.Database, withConnection: <T>(fn: () => T) => Promise<T>): MovementWriter {
  const byKey = sqlite.prepare<[string, string], StoredAnswer>(
    'select request_hash, response from ledger_tx where user_id = ? and idempotency_key = ?',
  );
  const insertTx = sqlite.prepare(
    `insert into ledger_tx (${txColumns.join(', ')}, response) values (${txColumns.map((c) => `@${c}`).join(', ')}, null)`,
  );
  const applyDelta = sqlite
    .prepare<[number, string, number | null, number, number], number>(
      'update ledger_account set balance_cents = balance_cents + ? where id = ? and (? is null or balance_cents + ? >= ?) returning balance_cents',
    )
    .pluck();
  const openAccount = sqlite.prepare(
    'insert into ledger_account (id, owner_id, kind, balance_cents, created_at) values (?, ?, ?, 0, ?) on conflict do nothing',
  );
  const insertEntry = sqlite.prepare('insert into ledger_entry (tx_id, account_id, amount_cents) values (?, ?, ?)');
  const setResponse = sqlite.prepare('update ledger_tx set response = ? where id = ?');
  const statements = new Map<string, SQLite.Statement>();
  const statement = (sql: string) => {
    let s = statements.get(sql);
    if (!s) {
      s = sqlite.prepare(sql);
      // A check reads the first column of the row it finds (the refusal's detail).
      if (s.reader) s.raw(true);
      statements.set(sql, s);
    }
    return s;
  };
  // SQLite binds no booleans: they are stored as 0 and 1.
  const bindable = (args: Value[]) =>
    args.some((v) => typeof v === 'boolean') ? args.map((v) => (typeof v === 'boolean' ? Number(v) : v)) : args;

  const write = sqlite.transaction(
    (rows: MovementRows, answer: ((balances: number[]) => string) | null): MovementOutcome => {
      const { tx } = rows;
      if (tx && tx.idempotency_key !== null) {
        const earlier = byKey.get(tx.user_id, tx.idempotency_key);
        if (earlier) return { applied: false, earlier };
      }
      if (tx) insertTx.run(tx);
      rows.steps.forEach((step, i) => {
        const s = statement(step.sql);
        if (step.expect === null) {
          s.run(bindable(step.args));
          return;
        }
        const found = s.get(bindable(step.args)) as unknown[] | undefined;
        if ((step.expect === 'row') !== (found !== undefined))
          throw new StepRefused(i, found?.[0] == null ? null : String(found[0]));
      });
      const balances: number[] = [];
      for (const e of rows.entries) {
        let balance = applyDelta.get(e.amount, e.accountId, e.floor, e.amount, e.floor ?? 0);
        // An account not opened yet holds zero: a posting it allows opens it.
        if (balance === undefined && (e.floor === null || e.amount >= e.floor)) {
          openAccount.run(e.accountId, e.owner, e.kind, tx!.created_at);
          balance = applyDelta.get(e.amount, e.accountId, e.floor, e.amount, e.floor ?? 0);
        }
        if (balance === undefined) throw new BelowFloor(e.accountId);
        balances.push(balance);
      }
      for (const e of rows.entries) insertEntry.run(tx!.id, e.accountId, e.amount);
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
