import type pg from 'pg';
import type { DbHandle } from './index';
import { fulfilled, perTurn } from './per-turn';

/**
 * A read of one row by one key on the hot path (every request reads its session, every transfer its
 * payee), compiled once. `text` selects `keyColumn` and has one parameter, in `… = $1`.
 *
 * - SQLite: a prepared statement. A read while a Kysely transaction holds the one connection would
 *   see that transaction's uncommitted rows, so then it waits for the connection like any query.
 * - PostgreSQL: the keys asked for in one turn of the event loop are read together, in one named
 *   statement (`= any($1)`) and one round trip. Under load a round trip per request was most of
 *   what the server spent (the socket writes), and the read still happens after the request came:
 *   nothing is cached, so a revoked session fails on its next request.
 */
export function preparedByKey<Row extends object>(
  dbh: DbHandle,
  name: string,
  text: string,
  keyColumn: keyof Row & string,
): (key: string) => Promise<Row | undefined> {
  if (!/= \$1\b/.test(text) || text.includes('$2')) throw new Error(`${name} must have one parameter, in "= $1"`);
  if (dbh.pool) return batchedByKey(dbh.pool, name, text.replace(/= \$1\b/, '= any($1::text[])'), keyColumn);
  const sqlite = dbh.sqlite;
  if (!sqlite) throw new Error('no database connection');
  const statement = sqlite.prepare<[string], Row>(text.replace('$1', '?'));
  return (key) =>
    sqlite.inTransaction
      ? dbh.db.connection().execute(async () => statement.get(key))
      : Promise.resolve(statement.get(key));
}

function batchedByKey<Row extends object>(
  pool: pg.Pool,
  name: string,
  text: string,
  keyColumn: keyof Row & string,
): (key: string) => Promise<Row | undefined> {
  return perTurn(async (keys: string[]) => {
    const { rows } = await pool.query<Row>({ name, text, values: [[...new Set(keys)]] });
    const byKey = new Map(rows.map((row) => [String(row[keyColumn]), row]));
    return keys.map((key) => fulfilled(byKey.get(key)));
  });
}
