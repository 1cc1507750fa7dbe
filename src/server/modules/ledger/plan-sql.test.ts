import { describe, expect, it } from 'vitest';
import { postgresSql, sqliteSql, stepSql } from './plan-sql';

describe('a plan step as one statement', () => {
  it('binds every value as a parameter, in order, and says what the interpreter must find', () => {
    const step = {
      do: 'forbid' as const,
      table: 'user_profile',
      where: { user_id: "x'; drop table user --", first_investment_date: { gt: '2026-01-01' }, uid: { is: null } },
      lock: true,
      refuse: { code: 'withdrawal_locked' as const, detail: 'first_investment_date' },
    };
    expect(stepSql(step, postgresSql)).toEqual({
      sql: 'select "first_investment_date" from "user_profile" where "user_id" = $1 and "first_investment_date" > $2 and "uid" is not distinct from $3 limit 1 for update',
      args: ["x'; drop table user --", '2026-01-01', null],
      expect: 'none',
    });
    expect(stepSql(step, sqliteSql).sql).toBe(
      'select "first_investment_date" from "user_profile" where "user_id" = ? and "first_investment_date" > ? and "uid" is ? limit 1',
    );
  });

  it('an update with a refusal returns the row it changed; without one it needs none', () => {
    const update = {
      do: 'update' as const,
      table: 'investment',
      set: { is_active: 0 },
      where: { id: 'i1', is_active: 1 },
    };
    expect(stepSql({ ...update, refuse: { code: 'investment_not_active' } }, postgresSql)).toEqual({
      sql: 'update "investment" set "is_active" = $1 where "id" = $2 and "is_active" = $3 returning 1',
      args: [0, 'i1', 1],
      expect: 'row',
    });
    expect(stepSql(update, sqliteSql)).toEqual({
      sql: 'update "investment" set "is_active" = ? where "id" = ? and "is_active" = ?',
      args: [0, 'i1', 1],
      expect: null,
    });
  });

  it('an insert leaves out the columns it has no value for (their defaults apply)', () => {
    expect(
      stepSql(
        { do: 'insert', table: 'audit_log', row: { id: 'a1', seal_id: undefined as never, at: 'now' } },
        postgresSql,
      ),
    ).toEqual({
      sql: 'insert into "audit_log" ("id", "at") values ($1, $2)',
      args: ['a1', 'now'],
      expect: null,
    });
  });

  it('a cap is one aggregate kept only above the cap, its sum the detail; a list is one parameter per value', () => {
    const step = {
      do: 'cap' as const,
      table: 'withdrawal_request',
      where: { user_id: 'u1', status: { in: ['pending', 'approved'] } },
      sum: 'amount_cents',
      plus: 500,
      max: 1000,
      refuse: { code: 'withdrawal_limit_30_days' as const },
    };
    expect(stepSql(step, postgresSql)).toEqual({
      sql: 'select used from (select coalesce(sum("amount_cents"), 0) as used from "withdrawal_request" where "user_id" = $1 and "status" in ($2, $3)) as s where used + $4 > $5',
      args: ['u1', 'pending', 'approved', 500, 1000],
      expect: 'none',
    });
    expect(() => stepSql({ ...step, where: { status: { in: [] } } }, sqliteSql)).toThrow(/empty list/);
    expect(() => stepSql({ ...step, sum: 'amount; drop' }, sqliteSql)).toThrow(/not an identifier/);
  });

  it('refuses a name that is not an identifier, and a bare null (which no row would ever equal)', () => {
    expect(() => stepSql({ do: 'insert', table: 'user; drop', row: { id: 'a' } }, sqliteSql)).toThrow(
      /not an identifier/,
    );
    expect(() =>
      stepSql({ do: 'require', table: 'user', where: { id: null }, refuse: { code: 'not_found' } }, sqliteSql),
    ).toThrow(/is: null/);
  });
});
