import type { Step, Value, Where } from './plan';

/** What differs between the databases in a step's SQL. */
export interface SqlDialect {
  /** The i-th parameter (from 1). */
  param(i: number): string;
  /** Null-safe equality. */
  is: string;
  /** What a read that holds its rows until the commit ends with. */
  lock: string;
}

export const postgresSql: SqlDialect = { param: (i) => `$${i}`, is: 'is not distinct from', lock: ' for update' };
/** SQLite has one writer at a time: a read inside the write transaction already holds. */
export const sqliteSql: SqlDialect = { param: () => '?', is: 'is', lock: '' };

/**
 * One step as a statement: its SQL (values only as parameters), its arguments in order, and what
 * the interpreter must find for the step to pass: a row (`row`), none (`none`), or anything (null).
 * The first column of a row found is the refusal's detail.
 */
export interface StepSql {
  sql: string;
  args: Value[];
  expect: 'row' | 'none' | null;
}

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Table and column names come from the code, never from a request; a name that is not one is a bug. */
function quoted(name: string): string {
  if (!identifier.test(name)) throw new Error(`not an identifier: ${name}`);
  return `"${name}"`;
}

export function stepSql(step: Step, dialect: SqlDialect): StepSql {
  const args: Value[] = [];
  const bind = (value: Value) => (args.push(value), dialect.param(args.length));
  const conditions = (where: Where) =>
    Object.entries(where)
      .map(([column, c]) => {
        const col = quoted(column);
        if (c === null) throw new Error(`${column}: compare with null as { is: null }`);
        if (typeof c !== 'object') return `${col} = ${bind(c)}`;
        if ('is' in c) return `${col} ${dialect.is} ${bind(c.is)}`;
        if ('gt' in c) return `${col} > ${bind(c.gt)}`;
        return `${col} < ${bind(c.lt)}`;
      })
      .join(' and ') || 'true';
  const table = quoted(step.table);
  switch (step.do) {
    case 'insert': {
      const columns = Object.keys(step.row).filter((c) => step.row[c] !== undefined);
      const values = columns.map((c) => bind(step.row[c]!));
      return {
        sql: `insert into ${table} (${columns.map(quoted).join(', ')}) values (${values.join(', ')})`,
        args,
        expect: null,
      };
    }
    case 'update': {
      const set = Object.entries(step.set).map(([c, v]) => `${quoted(c)} = ${bind(v)}`);
      const sql = `update ${table} set ${set.join(', ')} where ${conditions(step.where)}`;
      return step.refuse ? { sql: `${sql} returning 1`, args, expect: 'row' } : { sql, args, expect: null };
    }
    case 'require':
    case 'forbid': {
      const shown = step.do === 'forbid' && step.refuse.detail ? quoted(step.refuse.detail) : '1';
      const lock = step.lock ? dialect.lock : '';
      const sql = `select ${shown} from ${table} where ${conditions(step.where)} limit 1${lock}`;
      return { sql, args, expect: step.do === 'require' ? 'row' : 'none' };
    }
  }
}
