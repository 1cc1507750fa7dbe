import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock';
import { userBalances } from '../../src/server/modules/ledger/ledger.service';
import { verifyLedger } from '../../src/server/modules/ledger/verify';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { createAdmin, createUser, login, someIp, type TestUser } from '../support/users';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function proofForm(amount: string, png: Buffer): FormData {
  const data = new FormData();
  data.append('amount', amount);
  data.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
  return data;
}

describe(`account closure (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let payee: TestUser;
  let png: Buffer;

  const as = (who: TestUser | string | null) => {
    const cookie = typeof who === 'string' ? who : who?.cookie;
    return {
      get: (url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }),
      post: (url: string, payload?: unknown) =>
        t.app.inject({
          method: 'POST',
          url,
          payload: payload as never,
          headers: cookie ? { cookie } : {},
          remoteAddress: someIp(),
        }),
    };
  };
  const closure = async (who: TestUser | string) => {
    const res = await as(who).get('/api/closure');
    expect(res.statusCode).toBe(200);
    return res.json() as {
      state: string | null;
      waits: Array<{ kind: string; until?: string; amount?: string; id?: string }>;
      canCancel: boolean;
      retention: Array<{ category: string; until: string; done: boolean }>;
    };
  };
  const ask = (who: TestUser, password = who.password) => as(who).post('/api/closure', { password });
  const mails = async (userId: string) =>
    (
      await t.ctx.db
        .selectFrom('email_outbox')
        .select(['template', 'locale', 'params'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute()
    ).map((m) => m.template);
  // A request and the move it triggers share one instant (`at` in milliseconds): within the same
  // instant the rows read in the lifecycle's order, which the audit row itself does not record.
  const lifecycle = ['closure.requested', 'closure.moved', 'closure.closed', 'closure.cancelled'];
  const trail = async (userId: string) =>
    (
      await t.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'at'])
        .where('target_id', '=', userId)
        .where('action', 'like', 'closure.%')
        .execute()
    )
      .sort((a, b) => a.at.localeCompare(b.at) || lifecycle.indexOf(a.action) - lifecycle.indexOf(b.action))
      .map((r) => r.action);

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
    admin = await createAdmin(t);
    payee = await createUser(t);
    png = await sampleImage('png');
  });
  afterAll(async () => t.close());

  it('refuses a wrong password and asks nothing', async () => {
    const u = await createUser(t);
    const res = await ask(u, 'not-my-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('wrong_password');
    expect((await closure(u)).state).toBeNull();
  });

  it('an investment still locked: waits with its exact date; nothing comes in; stopped and paid out, it closes; the former investor reads only', async () => {
    const u = await createUser(t, { locale: 'en' });
    await fund(t.ctx, u.id, 100_00);
    const inv = await as(u).post('/api/investments', { area: 'stocks', amount: '40.00' });
    expect(inv.statusCode).toBe(201);
    const investment = inv.json().investment as { id: string; createdAt: string };

    const asked = await ask(u);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().state).toBe('waiting_locks');
    const locked = asked.json().waits.find((w: { kind: string }) => w.kind === 'investment_locked');
    expect(locked).toMatchObject({ id: investment.id, amount: '40.00' });
    expect(new Date(locked.until).getTime()).toBe(new Date(investment.createdAt).getTime() + 5 * DAY_MS);
    expect(asked.json().waits.find((w: { kind: string }) => w.kind === 'balance')).toMatchObject({ amount: '60.00' });
    expect((await ask(u)).json().error.code).toBe('closure_already_requested');

    // Nothing comes in: no deposit, no new investment, no incoming transfer.
    const dep = await as(u).post('/api/deposits', proofForm('10.00', png));
    expect([dep.statusCode, dep.json().error.code]).toEqual([403, 'account_closing']);
    const more = await as(u).post('/api/investments', { area: 'stocks', amount: '1.00' });
    expect([more.statusCode, more.json().error.code]).toEqual([403, 'account_closing']);
    await fund(t.ctx, payee.id, 50_00);
    const incoming = await as(payee).post('/api/transfers', { recipientUid: u.uid, amount: '5.00' });
    expect([incoming.statusCode, incoming.json().error.code]).toEqual([409, 'recipient_account_closing']);
    await expect(fund(t.ctx, u.id, 1_00)).rejects.toMatchObject({ code: 'account_closing' });

    // Six days on the lock has ended: the investor must stop it and pay the balance out.
    t.clock.advance(6 * DAY_MS);
    const later = await closure(u);
    expect(later.state).toBe('waiting_payout');
    expect(later.waits.map((w) => w.kind)).toEqual(['investment_active', 'balance']);
    expect((await as(u).post(`/api/investments/${investment.id}/stop`)).statusCode).toBe(200);
    // 100.00 back; money goes out by transfer (no minimum), leaving 0.03 to show leftover cents go too.
    expect((await as(u).post('/api/transfers', { recipientUid: payee.uid, amount: '99.97' })).statusCode).toBe(201);
    expect((await closure(u)).state).toBe('waiting_payout');
    const elsewhere = await login(t, u.email, u.password);
    const last = await as(u).post('/api/transfers', { recipientUid: payee.uid, amount: '0.03' });
    expect(last.statusCode).toBe(201);

    // The transfer's own answer moved it: closed, with every balance at zero.
    expect(await userBalances(t.ctx.db, u.id)).toMatchObject({ available: 0, invested: 0, withdrawalHold: 0 });
    expect(
      (await t.ctx.db.selectFrom('account_closure').select('state').where('user_id', '=', u.id).executeTakeFirst())
        ?.state,
    ).toBe('closed');
    // Every other session revoked (GET /api/me answers null without a session); the one whose transfer
    // closed the account stays signed in, to the read-only page that says what happened.
    expect(await t.ctx.db.selectFrom('session').select('id').where('userId', '=', u.id).execute()).toHaveLength(1);
    expect((await as(elsewhere).get('/api/me')).json()).toBeNull();
    expect((await as(u).get('/api/me')).json()).toMatchObject({ id: u.id, closure: { state: 'closed' } });
    expect((await as(u).post('/api/transfers', { recipientUid: payee.uid, amount: '0.01' })).statusCode).toBe(403);
    const cookie = await login(t, u.email, u.password);
    const after = await closure(cookie);
    expect(after.state).toBe('closed');
    expect(after.canCancel).toBe(false);
    expect(after.retention.map((r) => r.category)).toContain('identity_documents');
    // What no law keeps went at closure; the rest is kept until its horizon.
    expect(after.retention.filter((r) => r.done).map((r) => r.category)).toEqual(['no_legal_basis']);
    // Read-only: every money route answers account_closed; the closure cannot be cancelled.
    for (const [url, body] of [
      ['/api/investments', { area: 'stocks', amount: '1.00' }],
      ['/api/transfers', { recipientUid: payee.uid, amount: '1.00' }],
      ['/api/withdrawals', { amount: '1.00', crypto: 'BTC', address: BTC }],
    ] as const) {
      const res = await as(cookie).post(url, body);
      expect([url, res.statusCode, res.json().error.code]).toEqual([url, 403, 'account_closed']);
    }
    expect((await as(cookie).post('/api/deposits', proofForm('10.00', png))).json().error.code).toBe('account_closed');
    expect((await as(cookie).post('/api/closure/cancel')).json().error.code).toBe('closure_already_closed');
    expect((await as(cookie).get('/api/me')).json()).toMatchObject({ id: u.id });

    expect(await mails(u.id)).toEqual(
      expect.arrayContaining(['closure_requested', 'closure_waiting', 'account_closed']),
    );
    expect(await trail(u.id)).toEqual(['closure.requested', 'closure.moved', 'closure.moved', 'closure.closed']);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('a pending deposit: the closure waits for its review; one filed before closure may still land, then is paid out', async () => {
    const u = await createUser(t);
    const filed = await as(u).post('/api/deposits', proofForm('25.00', png));
    expect(filed.statusCode).toBe(201);
    const asked = (await ask(u)).json();
    expect(asked.state).toBe('waiting_locks');
    expect(asked.waits).toEqual([expect.objectContaining({ kind: 'deposit_pending', amount: '25.00' })]);
    // The operator approves it: filed before the closure was asked, it is credited.
    expect((await as(admin).post(`/api/admin/deposits/${filed.json().id}/approve`)).statusCode).toBe(200);
    await t.app.services.closure.advanceAll();
    expect((await closure(u)).state).toBe('waiting_payout');
    // A withdrawal empties it; pending, the closure waits for its review again.
    const w = await as(u).post('/api/withdrawals', { amount: '25.00', crypto: 'BTC', address: BTC });
    expect(w.statusCode).toBe(201);
    expect((await closure(u)).state).toBe('waiting_locks');
    expect((await as(admin).post(`/api/admin/withdrawals/${w.json().id}/approve`)).statusCode).toBe(200);
    await t.app.services.closure.advanceAll();
    const cookie = await login(t, u.email, u.password);
    expect((await closure(cookie)).state).toBe('closed');
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('a deposit filed after the closure was asked (a race) is never credited: the operator hears user_account_closing', async () => {
    const u = await createUser(t);
    await fund(t.ctx, u.id, 1_00);
    const filed = await as(u).post('/api/deposits', proofForm('30.00', png));
    // The closure row is written as if asked just before the deposit was filed.
    await t.ctx.db
      .insertInto('account_closure')
      .values({
        user_id: u.id,
        state: 'waiting_payout',
        requested_at: '2000-01-01T00:00:00.000Z',
        state_at: '2000-01-01T00:00:00.000Z',
        closed_at: null,
      })
      .execute();
    const res = await as(admin).post(`/api/admin/deposits/${filed.json().id}/approve`);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'user_account_closing']);
    expect(await userBalances(t.ctx.db, u.id)).toMatchObject({ available: 1_00 });
  });

  it('can be cancelled before it is closed; money flows again', async () => {
    const u = await createUser(t);
    await fund(t.ctx, u.id, 10_00);
    expect((await ask(u)).json().state).toBe('waiting_payout');
    const cancelled = await as(u).post('/api/closure/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().state).toBeNull();
    expect((await as(u).post('/api/investments', { area: 'stocks', amount: '1.00' })).statusCode).toBe(201);
    expect(await trail(u.id)).toEqual(['closure.requested', 'closure.moved', 'closure.cancelled']);
    expect(await mails(u.id)).toContain('closure_cancelled');
  });

  it('a closure racing an incoming transfer: either the transfer lands and the closure waits, or it is refused; never closed with money', async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const u = await createUser(t);
      await fund(t.ctx, payee.id, 5_00);
      const [closing, transfer] = await Promise.all([
        ask(u),
        as(payee).post('/api/transfers', { recipientUid: u.uid, amount: '5.00' }),
      ]);
      expect(closing.statusCode).toBe(200);
      await t.app.services.closure.advanceAll();
      const row = await t.ctx.db
        .selectFrom('account_closure')
        .select('state')
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      const { available } = await userBalances(t.ctx.db, u.id);
      if (transfer.statusCode === 201) {
        expect(row.state).toBe('waiting_payout');
        expect(available).toBe(5_00);
        outcomes.add('landed');
      } else {
        expect([transfer.statusCode, transfer.json().error.code]).toEqual([409, 'recipient_account_closing']);
        expect(row.state).toBe('closed');
        expect(available ?? 0).toBe(0);
        outcomes.add('refused');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('the closing plan itself never closes over a credit committed meanwhile', async () => {
    // A closure whose row the transfer's guard could not see yet: written after the credit began.
    for (let i = 0; i < 6; i++) {
      const u = await createUser(t);
      await fund(t.ctx, payee.id, 2_00);
      await t.ctx.db
        .insertInto('ledger_account')
        .values(
          ['available', 'invested', 'withdrawal_hold'].map((kind) => ({
            id: `u:${u.id}:${kind}`,
            owner_id: u.id,
            kind,
            balance_cents: 0,
            created_at: new Date().toISOString(),
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const credit = as(payee).post('/api/transfers', { recipientUid: u.uid, amount: '2.00' });
      await t.ctx.db
        .insertInto('account_closure')
        .values({
          user_id: u.id,
          state: 'waiting_payout',
          requested_at: new Date().toISOString(),
          state_at: new Date().toISOString(),
          closed_at: null,
        })
        .execute();
      const [res] = await Promise.all([credit, t.app.services.closure.advance(u.id)]);
      const row = await t.ctx.db
        .selectFrom('account_closure')
        .select('state')
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      const { available } = await userBalances(t.ctx.db, u.id);
      if (row.state === 'closed') expect(available ?? 0).toBe(0);
      if (res.statusCode === 201) expect(row.state).not.toBe('closed');
    }
  });
});
