import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../src/server/db/migrations/036_one_open_conversation';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { createUser } from '../support/users';

describe(`migration 036: one open support conversation per person (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('closes the older duplicates written before it, keeps the newest open, then holds the rule', async () => {
    const dana = await createUser(t, { firstName: 'Dana', lastName: 'Roux' });
    // A database from before the index: drop it, write two open conversations of one person.
    await sql`drop index support_conversation_one_open`.execute(t.ctx.db);
    const row = (id: string, reference: string, at: string) => ({
      id,
      reference,
      user_id: dana.id,
      reason: 'human',
      state: 'waiting' as const,
      assigned_to: null,
      context: '{}',
      created_at: at,
      updated_at: at,
      closed_at: null,
    });
    await t.ctx.db
      .insertInto('support_conversation')
      .values([
        row('c-old', 'SUP-OLD2-2222', '2026-11-01T10:00:00.000Z'),
        row('c-new', 'SUP-NEW3-3333', '2026-11-02T10:00:00.000Z'),
      ])
      .execute();

    await up(t.ctx.db, t.ctx.dialect);

    const rows = await t.ctx.db
      .selectFrom('support_conversation')
      .select(['id', 'state'])
      .where('user_id', '=', dana.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'c-new', state: 'waiting' },
      { id: 'c-old', state: 'closed' },
    ]);
    await expect(
      t.ctx.db
        .insertInto('support_conversation')
        .values(row('c-third', 'SUP-THR4-4444', '2026-11-03T10:00:00.000Z'))
        .execute(),
    ).rejects.toThrow();
  });
});
