import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { countStatements, testDialect } from '../../../tests/support/db';
import { insertBareUser } from '../../../tests/support/money';
import { preparedByKey } from './prepared';

describe(`reads by key on the hot path (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const payeeName = () =>
    preparedByKey<{ uid: string; full_name: string }>(
      t.ctx.dbh,
      `test_payee_name_${testDialect}`,
      'select uid, full_name from user_profile where uid = $1',
      'uid',
    );

  it('answers each caller with its own row, a missing key with nothing, a key asked twice twice', async () => {
    const [a, b] = await Promise.all([insertBareUser(t.ctx, 'Anne Roy'), insertBareUser(t.ctx, 'Paul Roy')]);
    const read = payeeName();
    const rows = await Promise.all([read(a.uid), read('ATU000000'), read(b.uid), read(a.uid)]);
    expect(rows.map((r) => r?.full_name)).toEqual(['Anne Roy', undefined, 'Paul Roy', 'Anne Roy']);
  });

  it.skipIf(testDialect !== 'postgres')('PostgreSQL reads the keys of one turn in one statement', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => insertBareUser(t.ctx)));
    const read = payeeName();
    const statements = countStatements(t.ctx.dbh.pool!);
    try {
      const rows = await Promise.all(users.map((u) => read(u.uid)));
      expect(rows.map((r) => r?.uid)).toEqual(users.map((u) => u.uid));
      expect(statements.count()).toBe(1);
      // A read of a later turn is a statement of its own: nothing is kept between turns.
      await read(users[0]!.uid);
      expect(statements.count()).toBe(2);
    } finally {
      statements.restore();
    }
  });

  it('refuses a statement it cannot batch', () => {
    expect(() =>
      preparedByKey(t.ctx.dbh, 'bad', 'select 1 from user_profile where uid = $1 and country = $2', 'uid'),
    ).toThrow();
  });
});
