import { createHash } from 'node:crypto';
import type pg from 'pg';
import { DatabaseBusy } from '../../db/faults';
import { fulfilled, perTurn, rejected } from '../../db/per-turn';
import { BelowFloor, StepRefused, type MovementOutcome, type MovementWriter, type StoredAnswer } from './movement.repo';

/** One plan's place in the answer of `atlas_post_movements` (db/functions/atlas_post_movements.sql). */
type BatchResult =
  | { code: string; detail: string | null; message: string }
  | { balances: number[] | null; replay_found: boolean; replay_hash: string | null; replay_response: string | null };

/** A refusal as the functions signal it, or the database's own error. */
function refusalOf(r: { code: string; detail: string | null; message: string }): Error {
  if (r.code === 'AT010') {
    const [step, detail] = JSON.parse(r.message) as [number, string | null];
    return new StepRefused(step, detail);
  }
  if (r.code === 'AT001') return new BelowFloor(r.detail ?? '');
  // Not attempted: one of its balances is locked elsewhere (migration 021); tried again later.
  if (r.code === 'AT007') return new DatabaseBusy('account_locked');
  return Object.assign(new Error(r.message), { code: r.code, detail: r.detail });
}

/** Under PostgreSQL's 64 cached subtransactions per transaction (migration 019). */
const MAX_GROUP = 48;

/** A plan as the functions read it, and the texts of the statements its steps use. */
interface Item {
  json: string;
  statements: Map<string, string>;
}

/**
 * PostgreSQL's interpreter of plans: the plans in hand at one turn of the event loop go in one call
 * of `atlas_post_movements`, one round trip and one transaction (decision 023), with the texts of
 * the statements their steps use, which the function prepares once per session (decision 032).
 */
export function postgresWriter(pool: pg.Pool): MovementWriter {
  // A statement's name in the session, from its text: the same text is prepared once.
  const names = new Map<string, string>();
  const statementName = (sql: string) => {
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `plan_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`));
    return name;
  };
  // One group in flight at a time: the next forms while it runs, and groups of one server never
  // queue on each other's locks (a payee every transfer credits).
  const applyInGroup = perTurn(
    async (items: Item[]) => {
      const statements: Record<string, string> = {};
      for (const item of items) for (const [name, sql] of item.statements) statements[name] = sql;
      const batch = `{"statements":${JSON.stringify(statements)},"movements":[${items.map((i) => i.json).join(',')}]}`;
      const { rows } = await pool.query<{ results: BatchResult[] }>({
        name: 'atlas_post_movements',
        text: 'select atlas_post_movements($1::jsonb) as results',
        values: [batch],
      });
      return (rows[0]?.results ?? []).map((r): PromiseSettledResult<MovementOutcome> => {
        if ('code' in r) return rejected(refusalOf(r));
        if (r.replay_found)
          return fulfilled({ applied: false, earlier: { request_hash: r.replay_hash, response: r.replay_response } });
        return fulfilled({ applied: true, balances: (r.balances ?? []).map(Number), response: null });
      });
    },
    { oneAtATime: true, max: MAX_GROUP },
  );
  return {
    apply(rows, answer) {
      const statements = new Map<string, string>();
      const movement = {
        tx: rows.tx,
        entries: rows.entries,
        steps: rows.steps.map((s) => {
          const q = statementName(s.sql);
          statements.set(q, s.sql);
          return { q, a: s.args, e: s.expect };
        }),
        response: answer && rows.tx?.idempotency_key != null ? answer.template : null,
      };
      // Serialised here, so that a row that cannot be (it would throw) is refused to its caller alone.
      let json: string;
      try {
        json = JSON.stringify(movement);
      } catch (err) {
        return Promise.reject(err);
      }
      return applyInGroup({ json, statements });
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
