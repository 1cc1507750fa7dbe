import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../core/clock';
import { timeOrderedId } from '../../../core/ids';
import { DomainError } from '../../../core/errors';
import { transferPostings } from '../../../core/ledger';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { fund, insertBareUser } from '../../../../tests/support/money';
import { up as backfillFirstInvestment } from '../../db/migrations/024_first_investment_date';
import { userBalances } from './ledger.service';
import type { Step } from './plan';
import { verifyLedger } from './verify';

/**
 * Decision 032: each database interprets a plan's generic steps the same way, with no rule of its
 * own; a refusal is the step's error code, its parameters computed from the row that refused.
 */
describe(`movement plans (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A transfer of 1.00 from a funded user, with the given steps, and what it answered. */
  async function transferWith(steps: (sender: string) => Step[]) {
    const [a, b] = [await insertBareUser(t.ctx), await insertBareUser(t.ctx)];
    await fund(t.ctx, a.id, 10_00);
    const outcome = await t.app.services.movements
      .apply(
        { userId: a.id, key: undefined, request: null },
        {
          money: {
            txId: timeOrderedId(),
            type: 'transfer',
            userId: a.id,
            createdBy: a.id,
            postings: transferPostings(a.id, b.id, 100),
          },
          steps: steps(a.id),
          respond: (balanceAfter) => balanceAfter({ owner: a.id, kind: 'available' }),
        },
        t.clock.now(),
      )
      .then(
        (balance) => ({ balance }),
        (err: unknown) => ({ err }),
      );
    return { a, b, outcome, available: (await userBalances(t.ctx.db, a.id)).available };
  }

  it('a step that passes lets the money move; each kind of step checks what it says', async () => {
    const { a, outcome, available } = await transferWith((sender): Step[] => [
      {
        do: 'require',
        table: 'user',
        where: { id: sender, emailVerified: true },
        lock: true,
        refuse: { code: 'email_not_verified' },
      },
      { do: 'forbid', table: 'account_freeze', where: { user_id: sender }, refuse: { code: 'account_frozen' } },
      // Without a refusal, an update that finds no row is fine (a column set only once).
      { do: 'update', table: 'user_profile', set: { locale: 'es' }, where: { user_id: 'nobody' } },
      {
        do: 'update',
        table: 'user_profile',
        set: { locale: 'en' },
        where: { user_id: sender, first_investment_date: { is: null } },
      },
    ]);
    expect(outcome).toEqual({ balance: '9.00' });
    expect(available).toBe(900);
    const profile = await t.ctx.db
      .selectFrom('user_profile')
      .select('locale')
      .where('user_id', '=', a.id)
      .executeTakeFirst();
    expect(profile?.locale).toBe('en');
  });

  it('a refusal is the step’s error code, its parameters from the row that refused, and nothing is written', async () => {
    const { a, outcome, available } = await transferWith((sender): Step[] => [
      { do: 'update', table: 'user_profile', set: { locale: 'es' }, where: { user_id: sender } },
      {
        do: 'forbid',
        table: 'user_profile',
        where: { user_id: sender, created_at: { lt: '9999' } },
        lock: true,
        refuse: {
          code: 'withdrawal_password_hold',
          detail: 'locale',
          params: (locale) => ({ hours: locale === 'es' ? 21 : 0 }),
        },
      },
    ]);
    const err = (outcome as { err: DomainError }).err;
    expect(err).toBeInstanceOf(DomainError);
    // The detail is the row as this transaction left it (the update before it).
    expect([err.code, err.params]).toEqual(['withdrawal_password_hold', { hours: 21 }]);
    expect(available).toBe(10_00);
    const profile = await t.ctx.db
      .selectFrom('user_profile')
      .select('locale')
      .where('user_id', '=', a.id)
      .executeTakeFirst();
    expect(profile?.locale).toBe('fr');
  });

  it('an update with a refusal that finds no row refuses; a required row that is missing refuses', async () => {
    const update = await transferWith((sender): Step[] => [
      {
        do: 'update',
        table: 'user_profile',
        set: { locale: 'es' },
        where: { user_id: sender, locale: 'de' },
        refuse: { code: 'request_stage_changed' },
      },
    ]);
    expect((update.outcome as { err: DomainError }).err.code).toBe('request_stage_changed');
    const required = await transferWith((): Step[] => [
      { do: 'require', table: 'user_profile', where: { user_id: 'nobody' }, refuse: { code: 'profile_not_found' } },
    ]);
    expect((required.outcome as { err: DomainError }).err.code).toBe('profile_not_found');
    expect([update.available, required.available]).toEqual([10_00, 10_00]);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('an investment records the first investment date once; migration 024 fills it for earlier investments', async () => {
    const u = await insertBareUser(t.ctx);
    await fund(t.ctx, u.id, 100_00);
    await t.app.services.investing.invest(u.id, { area: 'real_estate', amount: '10.00' });
    // The instant the investment was made (the clock runs on between a read here and the service's).
    const { created_at: first } = await t.ctx.db
      .selectFrom('investment')
      .select('created_at')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    t.clock.advance(DAY_MS);
    await t.app.services.investing.invest(u.id, { area: 'real_estate', amount: '10.00' });
    const recorded = () =>
      t.ctx.db
        .selectFrom('user_profile')
        .select('first_investment_date')
        .where('user_id', '=', u.id)
        .executeTakeFirst();
    expect((await recorded())?.first_investment_date).toBe(first);
    // As a profile whose investments predate the column being written.
    await t.ctx.db
      .updateTable('user_profile')
      .set({ first_investment_date: null })
      .where('user_id', '=', u.id)
      .execute();
    await backfillFirstInvestment(t.ctx.db as never, t.ctx.dbh.dialect);
    expect((await recorded())?.first_investment_date).toBe(first);
  });

  it('a cap sums a column over the rows meeting its conditions: within it the money moves, above it the sum is the refusal’s', async () => {
    const cap =
      (max: number, kinds: string[], owner?: string) =>
      (sender: string): Step[] => [
        {
          do: 'cap',
          table: 'ledger_account',
          where: { owner_id: owner ?? sender, kind: { in: kinds } },
          sum: 'balance_cents',
          plus: 100,
          max,
          refuse: { code: 'withdrawal_limit_30_days', params: (used) => ({ used: Number(used) }) },
        },
      ];
    // The sender holds 10.00 before the transfer: 10.00 + 1.00 reaches 11.00 exactly.
    expect((await transferWith(cap(11_00, ['available', 'withdrawal_hold']))).outcome).toEqual({ balance: '9.00' });
    const above = await transferWith(cap(10_99, ['available']));
    expect((above.outcome as { err: DomainError }).err.params).toEqual({ used: 10_00 });
    expect(above.available).toBe(10_00);
    // Rows outside the list do not count; no row at all sums to zero.
    expect((await transferWith(cap(100, ['withdrawal_hold']))).outcome).toEqual({ balance: '9.00' });
    const none = await transferWith(cap(99, ['available'], 'nobody'));
    expect((none.outcome as { err: DomainError }).err.params).toEqual({ used: 0 });
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });
});
