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
/** Names already checked and quoted: a plan names the same few tables and columns again and again. */
const quotedNames = new Map<string, string>();

/** Table and column names come from the code, never from a request; a name that is not one is a bug. */
function quoted(name: string): string {
  let q = quotedNames.get(name);
  if (q === undefined) {
    if (!identifier.test(name)) throw new Error(`not an identifier: ${name}`);
    quotedNames.set(name, (q = `"${name}"`));
  }
  return q;
}

export function stepSql(step: Step, dialect: SqlDialect): StepSql {
  const args: Value[] = [];
  const bind = (value: Value) => (args.push(value), dialect.param(args.length));
  const conditions = (where: Where) => {
    let sql = '';
    for (const column in where) {
      const c = where[column]!;
      const col = quoted(column);
      if (sql !== '') sql += ' and ';
      if (c === null) throw new Error(`${column}: compare with null as { is: null }`);
      if (typeof c !== 'object') sql += `${col} = ${bind(c)}`;
      else if ('is' in c) sql += `${col} ${dialect.is} ${bind(c.is)}`;
      else if ('gt' in c) sql += `${col} > ${bind(c.gt)}`;
      else if ('lt' in c) sql += `${col} < ${bind(c.lt)}`;
      else {
        if (c.in.length === 0) throw new Error(`${column}: an empty list matches nothing`);
        sql += `${col} in (${c.in.map(bind).join(', ')})`;
      }
    }
    return sql || 'true';
  };
  const table = quoted(step.table);
  switch (step.do) {
    case 'insert': {
      let columns = '';
      let values = '';
      for (const c in step.row) {
        const v = step.row[c];
        if (v === undefined) continue;
        const sep = columns === '' ? '' : ', ';
        columns += sep + quoted(c);
        values += sep + bind(v);
      }
      return { sql: `insert into ${table} (${columns}) values (${values})`, args, expect: null };
    }
    case 'update': {
      let set = '';
      for (const c in step.set) set += `${set === '' ? '' : ', '}${quoted(c)} = ${bind(step.set[c]!)}`;
      const sql = `update ${table} set ${set} where ${conditions(step.where)}`;
      return step.refuse ? { sql: `${sql} returning 1`, args, expect: 'row' } : { sql, args, expect: null };
    }
    case 'require':
    case 'forbid': {
      const shown = step.do === 'forbid' && step.refuse.detail ? quoted(step.refuse.detail) : '1';
      const lock = step.lock ? dialect.lock : '';
      const sql = `select ${shown} from ${table} where ${conditions(step.where)} limit 1${lock}`;
      return { sql, args, expect: step.do === 'require' ? 'row' : 'none' };
    }
    case 'cap': {
      // An aggregate without rows is one row of zero; the outer select keeps it only above the cap.
      const sum = `select coalesce(sum(${quoted(step.sum)}), 0) as used from ${table} where ${conditions(step.where)}`;
      const sql = `select used from (${sum}) as s where used + ${bind(step.plus)} > ${bind(step.max)}`;
      return { sql, args, expect: 'none' };
    }
  }
}
