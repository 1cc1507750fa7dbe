import type { DbHandle } from './index';

/**
 * A read on the hot path compiled once: a prepared statement on SQLite, a named statement (parsed
 * and planned once per connection) on PostgreSQL. `text` uses $1, $2… in order of appearance.
 * On SQLite a read while a Kysely transaction holds the one connection would see that
 * transaction's uncommitted rows, so then it waits for the connection like any other query.
 */
export function preparedFirst<Row>(
  dbh: DbHandle,
  name: string,
  text: string,
): (...values: unknown[]) => Promise<Row | undefined> {
  if (dbh.pool) {
    const pool = dbh.pool;
    return async (...values) => (await pool.query<Row & object>({ name, text, values })).rows[0];
  }
  const sqlite = dbh.sqlite;
  if (!sqlite) throw new Error('no database connection');
  let n = 0;
  const statement = sqlite.prepare<unknown[], Row>(
    text.replace(/\$(\d+)/g, (_m, i: string) => {
      if (Number(i) !== ++n) throw new Error(`parameters of ${name} must appear in order`);
      return '?';
    }),
  );
  return (...values) =>
    sqlite.inTransaction
      ? dbh.db.connection().execute(async () => statement.get(...values))
      : Promise.resolve(statement.get(...values));
}
