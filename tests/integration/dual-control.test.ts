import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { verifyLedger } from '../../src/server/modules/ledger/verify';
import { createTestApp, type TestApp } from '../support/app';
import { recordStatements, testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { totpFromUri } from '../support/totp';
import { callAs, cookieFrom, createAdmin, createUser, login, type CallArgs, type TestUser } from '../support/users';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe(`dual control, own requests, frozen accounts and the audit trail (${testDialect})`, () => {
  let t: TestApp;
  let alice: TestUser;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  let png: Buffer;

  const call = (...[who, method, url, payload, headers = {}]: CallArgs) =>
    callAs(t, who, method, url, payload, { 'user-agent': 'dual-control-test', ...headers });
  const approve = (who: TestUser, kind: 'deposits' | 'withdrawals', id: string) =>
    call(who, 'POST', `/api/admin/${kind}/${id}/approve`, {});
  const reject = (who: TestUser, kind: 'deposits' | 'withdrawals', id: string, note?: string) =>
    call(who, 'POST', `/api/admin/${kind}/${id}/reject`, { reason: 'duplicate_request', ...(note ? { note } : {}) });
  const me = async (who: TestUser) =>
    (await call(who, 'GET', '/api/me')).json() as {
      balance: string;
      withdrawalHold: string;
      frozen: { since: string; supportEmail: string } | null;
    };
  const deposit = async (who: TestUser, amount: string) => {
    const form = new FormData();
    form.append('amount', amount);
    form.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    const res = await call(who, 'POST', '/api/deposits', form);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const withdrawal = async (who: TestUser, amount: string) => {
    const res = await call(who, 'POST', '/api/withdrawals', { amount, crypto: 'BTC', address: BTC });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  // The decision and freeze e-mails; the account-security notices (confirmation, new device, withdrawal requested) have their own tests.
  const outbox = (userId: string) =>
    t.ctx.db
      .selectFrom('email_outbox')
      .select(['template', 'locale'])
      .where('user_id', '=', userId)
      .where('template', 'not in', ['email_verification', 'new_sign_in', 'withdrawal_requested'])
      .orderBy('created_at')
      .execute();
  const trail = (targetId: string) =>
    t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', targetId)
      .orderBy('at')
      .orderBy('action')
      .execute();
  const queueItem = async (who: TestUser, kind: 'deposits' | 'withdrawals', id: string, query = '') => {
    const items = (await call(who, 'GET', `/api/admin/${kind}?limit=100${query}`)).json().items as Array<
      Record<string, unknown> & { id: string }
    >;
    return items.find((i) => i.id === id);
  };

  beforeAll(async () => {
    // Many requests per person here; the caps on them have their own tests (account-abuse-limits).
    t = await createTestApp({ DEMO_MODE: 'true', MAX_PENDING_DEPOSITS: '1000', PROOF_UPLOADS_PER_HOUR: '1000' });
    alice = await createUser(t, { firstName: 'Alice', lastName: 'Investor', locale: 'en' });
    a = await createAdmin(t, { firstName: 'Ana', lastName: 'First' });
    b = await createAdmin(t, { firstName: 'Bruno', lastName: 'Second' });
    c = await createAdmin(t, { firstName: 'Chloe', lastName: 'Third' });
    png = await sampleImage('png');
  });
  afterAll(async () => t.close());

  it('DUAL_CONTROL_FROM is validated at start: dollars, 0 for every approval, 1000.00 by default', () => {
    expect(loadConfig({ DATA_DIR: t.testDb.dataDir, AUTH_SECRET: 'x'.repeat(32) }).dualControlFromCents).toBe(100_000);
    expect(
      loadConfig({ DATA_DIR: t.testDb.dataDir, AUTH_SECRET: 'x'.repeat(32), DUAL_CONTROL_FROM: '0' })
        .dualControlFromCents,
    ).toBe(0);
    expect(
      loadConfig({ DATA_DIR: t.testDb.dataDir, AUTH_SECRET: 'x'.repeat(32), DUAL_CONTROL_FROM: '2500.5' })
        .dualControlFromCents,
    ).toBe(250_050);
    expect(() =>
      loadConfig({ DATA_DIR: t.testDb.dataDir, AUTH_SECRET: 'x'.repeat(32), DUAL_CONTROL_FROM: '-1' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ DATA_DIR: t.testDb.dataDir, AUTH_SECRET: 'x'.repeat(32), DUAL_CONTROL_FROM: 'lots' }),
    ).toThrow(/DUAL_CONTROL_FROM/);
  });

  it('an operator can neither approve nor reject a request of their own account, and the queue marks it as theirs', async () => {
    const own = await deposit(a, '1000.00');
    for (const res of [await approve(a, 'deposits', own), await reject(a, 'deposits', own, 'mine')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('own_request');
    }
    expect(await queueItem(a, 'deposits', own)).toMatchObject({ own: true, stage: 'awaiting_first' });
    expect(await queueItem(b, 'deposits', own)).toMatchObject({ own: false });
    await fund(t.ctx, a.id, 5_000);
    const ownOut = await withdrawal(a, '20.00');
    expect((await approve(a, 'withdrawals', ownOut)).json().error.code).toBe('own_request');
    expect((await reject(a, 'withdrawals', ownOut)).json().error.code).toBe('own_request');
    expect((await me(a)).balance).toBe('30.00');
    // Another operator may decide it.
    expect((await approve(b, 'deposits', own)).json()).toEqual({ ok: true, stage: 'awaiting_second' });
    expect((await approve(c, 'deposits', own)).json()).toEqual({ ok: true, stage: 'approved' });
    expect((await me(a)).balance).toBe('1030.00');
  });

  it('below the threshold one approval moves the money', async () => {
    const id = await deposit(alice, '999.99');
    expect((await approve(a, 'deposits', id)).json()).toEqual({ ok: true, stage: 'approved' });
    expect((await me(alice)).balance).toBe('999.99');
    expect((await trail(id)).map((r) => r.action)).toEqual(['deposit.approve']);
  });

  it('at the threshold: a first approval, visible in the queue, then only a different operator moves the money; one e-mail at the end', async () => {
    const before = (await me(alice)).balance;
    const id = await deposit(alice, '5000.00');
    const mails = (await outbox(alice.id)).length;
    expect((await approve(a, 'deposits', id)).json()).toEqual({ ok: true, stage: 'awaiting_second' });
    expect((await me(alice)).balance).toBe(before);
    expect(await outbox(alice.id)).toHaveLength(mails);
    const item = await queueItem(b, 'deposits', id, '&status=pending');
    expect(item).toMatchObject({
      status: 'pending',
      stage: 'awaiting_second',
      needsSecondApproval: true,
      firstApproval: { by: a.id, name: a.fullName },
    });
    // "Waiting for me": B sees it, A (the first approver) does not.
    expect(await queueItem(b, 'deposits', id, '&waiting=me')).toBeDefined();
    expect(await queueItem(a, 'deposits', id, '&waiting=me')).toBeUndefined();
    const again = await approve(a, 'deposits', id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('second_approval_same_operator');
    expect((await approve(b, 'deposits', id)).json()).toEqual({ ok: true, stage: 'approved' });
    expect((await me(alice)).balance).toBe((Number(before) + 5000).toFixed(2));
    expect((await outbox(alice.id)).slice(mails)).toEqual([{ template: 'deposit_approved', locale: 'en' }]);
    const rows = await trail(id);
    expect(rows.map((r) => [r.action, r.actor_id, r.result])).toEqual([
      ['deposit.approve_first', a.id, 'ok'],
      ['deposit.approve_second', b.id, 'ok'],
    ]);
    expect(rows[0]).toMatchObject({ user_agent: 'dual-control-test', ip: '127.0.0.1' });
    expect(JSON.parse(rows[1]!.before!)).toEqual({ status: 'pending', firstApprovedBy: a.id });
    expect(await queueItem(c, 'deposits', id)).toMatchObject({
      status: 'approved',
      stage: 'decided',
      processedBy: b.id,
    });
  });

  it('a withdrawal keeps its hold while it waits; either operator can reject at the second stage and the hold is released', async () => {
    await fund(t.ctx, alice.id, 300_000);
    const start = await me(alice);
    const id = await withdrawal(alice, '2000.00');
    expect((await approve(a, 'withdrawals', id)).json().stage).toBe('awaiting_second');
    const waiting = await me(alice);
    expect(waiting.withdrawalHold).toBe((Number(start.withdrawalHold) + 2000).toFixed(2));
    expect(waiting.balance).toBe((Number(start.balance) - 2000).toFixed(2));
    expect((await reject(a, 'withdrawals', id, 'wallet not verified')).json()).toEqual({ ok: true, stage: 'rejected' });
    expect(await me(alice)).toMatchObject({ balance: start.balance, withdrawalHold: start.withdrawalHold });
    expect((await trail(id)).map((r) => r.action)).toEqual(['withdrawal.approve_first', 'withdrawal.reject']);
    // And a second one, approved by two operators: the hold is settled once.
    const id2 = await withdrawal(alice, '1500.00');
    await approve(b, 'withdrawals', id2);
    expect((await approve(c, 'withdrawals', id2)).json().stage).toBe('approved');
    expect(await me(alice)).toMatchObject({
      balance: (Number(start.balance) - 1500).toFixed(2),
      withdrawalHold: start.withdrawalHold,
    });
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it.skipIf(testDialect !== 'postgres')(
    'on PostgreSQL an operator step is one read and one write (the transition, its money, audit row and e-mail together)',
    async () => {
      const { admin } = t.app.services;
      const source = { ip: null, userAgent: 'dual-control-test' };
      await fund(t.ctx, alice.id, 10_000);
      const holdBefore = (await me(alice)).withdrawalHold;
      const small = await deposit(alice, '20.00');
      const big = await deposit(alice, '2000.00');
      const rejected = await deposit(alice, '30.00');
      const paid = await withdrawal(alice, '5.00');
      const released = await withdrawal(alice, '6.00');
      const steps: Array<[string, () => Promise<unknown>]> = [
        ['deposit.approve', () => admin.approveDeposit(a.id, small, source)],
        ['deposit.approve_first', () => admin.approveDeposit(a.id, big, source)],
        ['deposit.approve_second', () => admin.approveDeposit(b.id, big, source)],
        [
          'deposit.reject',
          () => admin.rejectDeposit(a.id, rejected, { reason: 'proof_unreadable', note: 'blurred' }, source),
        ],
        ['withdrawal.approve', () => admin.approveWithdrawal(a.id, paid, source)],
        ['withdrawal.reject', () => admin.rejectWithdrawal(a.id, released, { reason: 'address_invalid' }, source)],
      ];
      for (const [action, step] of steps) {
        const sent = recordStatements();
        try {
          await step();
        } finally {
          sent.restore();
        }
        // The realtime signal that follows the commit is not part of the step.
        const own = sent.texts.filter((text) => !text.includes('pg_notify'));
        expect(own, action).toHaveLength(2);
        expect(own[0], action).toMatch(/^select/);
        expect(own[1], action).toContain('atlas_post_movements');
      }
      for (const id of [small, big, rejected]) expect((await trail(id)).length).toBeGreaterThan(0);
      expect((await trail(big)).map((r) => r.action)).toEqual(['deposit.approve_first', 'deposit.approve_second']);
      expect((await trail(paid)).map((r) => r.action)).toEqual(['withdrawal.approve']);
      expect((await me(alice)).withdrawalHold).toBe(holdBefore);
      expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
    },
  );

  describe('races through HTTP: exactly one outcome, and the money matches it', () => {
    it('two operators giving the first approval at once: one is recorded, the other told the request changed', async () => {
      for (let round = 0; round < 3; round++) {
        const id = await deposit(alice, '3000.00');
        const before = (await me(alice)).balance;
        const [x, y] = await Promise.all([approve(a, 'deposits', id), approve(b, 'deposits', id)]);
        const row = await t.ctx.db
          .selectFrom('deposit_request')
          .select(['status', 'first_approved_by', 'processed_by'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (x.statusCode === 200 && y.statusCode === 200) {
          // Serialized: one was the first approval, the other (a different operator) the second.
          expect([x.json().stage, y.json().stage].sort()).toEqual(['approved', 'awaiting_second']);
          expect(row.status).toBe('approved');
          expect(row.first_approved_by).not.toBe(row.processed_by);
          expect((await me(alice)).balance).toBe((Number(before) + 3000).toFixed(2));
          continue;
        }
        expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
        const loser = x.statusCode === 409 ? x : y;
        expect(loser.json().error.code).toBe('request_stage_changed');
        expect((await me(alice)).balance).toBe(before);
        expect(row.status).toBe('pending');
        expect([a.id, b.id]).toContain(row.first_approved_by);
        // The loser may now give the second approval.
        expect((await approve(row.first_approved_by === a.id ? b : a, 'deposits', id)).json().stage).toBe('approved');
        expect((await me(alice)).balance).toBe((Number(before) + 3000).toFixed(2));
      }
    });

    it('one operator approving twice at once: one first approval, no money', async () => {
      for (let round = 0; round < 3; round++) {
        const id = await deposit(alice, '1000.00');
        const before = (await me(alice)).balance;
        const results = await Promise.all([approve(a, 'deposits', id), approve(a, 'deposits', id)]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(['request_stage_changed', 'second_approval_same_operator']).toContain(
          results.find((r) => r.statusCode === 409)!.json().error.code,
        );
        expect((await me(alice)).balance).toBe(before);
        expect((await trail(id)).map((r) => r.action)).toEqual(['deposit.approve_first']);
        await reject(b, 'deposits', id);
      }
    });

    it('two operators giving the second approval at once: credited once', async () => {
      for (let round = 0; round < 3; round++) {
        const id = await deposit(alice, '4000.00');
        const before = (await me(alice)).balance;
        await approve(a, 'deposits', id);
        const results = await Promise.all([approve(b, 'deposits', id), approve(c, 'deposits', id)]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect((await me(alice)).balance).toBe((Number(before) + 4000).toFixed(2));
        const credits = await t.ctx.db.selectFrom('ledger_tx').select('id').where('ref_id', '=', id).execute();
        expect(credits).toHaveLength(1);
      }
    });

    it('approve against reject, at both stages, on deposits and withdrawals: one outcome, the money follows it', async () => {
      for (const stage of ['first', 'second'] as const) {
        for (let round = 0; round < 2; round++) {
          const dep = await deposit(alice, '2500.00');
          const out = await withdrawal(alice, '1200.00');
          if (stage === 'second') {
            await approve(a, 'deposits', dep);
            await approve(a, 'withdrawals', out);
          }
          const before = await me(alice);
          const [ad, rd, aw, rw] = await Promise.all([
            approve(b, 'deposits', dep),
            reject(c, 'deposits', dep),
            approve(b, 'withdrawals', out),
            reject(c, 'withdrawals', out),
          ]);
          for (const [ok, no] of [
            [ad, rd],
            [aw, rw],
          ] as const) {
            const codes = [ok.statusCode, no.statusCode].sort();
            // At the first stage an approval only records itself, so a reject after it is still allowed.
            if (stage === 'first') expect(codes[0]).toBe(200);
            else expect(codes).toEqual([200, 409]);
          }
          const d = await t.ctx.db
            .selectFrom('deposit_request')
            .select('status')
            .where('id', '=', dep)
            .executeTakeFirstOrThrow();
          const w = await t.ctx.db
            .selectFrom('withdrawal_request')
            .select('status')
            .where('id', '=', out)
            .executeTakeFirstOrThrow();
          if (stage === 'first') {
            expect(d.status).not.toBe('approved');
            expect(w.status).not.toBe('approved');
          }
          const credited = d.status === 'approved' ? 2500 : 0;
          const now = await me(alice);
          const heldBefore = Number(before.withdrawalHold);
          expect(Number(now.withdrawalHold)).toBeCloseTo(w.status === 'pending' ? heldBefore : heldBefore - 1200, 2);
          expect(Number(now.balance)).toBeCloseTo(
            Number(before.balance) + credited + (w.status === 'rejected' ? 1200 : 0),
            2,
          );
          // Whatever is still pending is closed, so the next round starts clean.
          if (d.status === 'pending') await reject(b, 'deposits', dep);
          if (w.status === 'pending') await reject(b, 'withdrawals', out);
        }
      }
      expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
    });
  });

  describe('frozen accounts', () => {
    let bob: TestUser;
    beforeAll(async () => {
      bob = await createUser(t, { firstName: 'Bob', lastName: 'Frozen', locale: 'es' });
      await fund(t.ctx, bob.id, 100_000);
    });

    it('freeze needs a reason and a known UID, and operators only', async () => {
      expect((await call(a, 'POST', `/api/admin/users/${bob.uid}/freeze`, { reason: '   ' })).json().error.code).toBe(
        'freeze_reason_required',
      );
      expect((await call(a, 'POST', '/api/admin/users/ATU000000/freeze', { reason: 'x' })).statusCode).toBe(404);
      expect((await call(bob, 'POST', `/api/admin/users/${bob.uid}/unfreeze`, { reason: 'x' })).statusCode).toBe(403);
      expect((await call(a, 'POST', `/api/admin/users/${bob.uid}/unfreeze`, { reason: 'x' })).json().error.code).toBe(
        'user_not_frozen',
      );
    });

    it('a frozen user cannot send, withdraw or invest, can still deposit, sees it in /api/me and is e-mailed; a pending withdrawal cannot be approved', async () => {
      const pendingOut = await withdrawal(bob, '50.00');
      const res = await call(a, 'POST', `/api/admin/users/${bob.uid.toLowerCase()}/freeze`, {
        reason: 'suspicious activity',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ uid: bob.uid, frozen: true, reason: 'suspicious activity' });
      expect((await call(b, 'POST', `/api/admin/users/${bob.uid}/freeze`, { reason: 'again' })).json().error.code).toBe(
        'user_frozen',
      );
      expect((await me(bob)).frozen).toMatchObject({ supportEmail: 'support@atlas-invest.local' });
      expect(
        (await call(bob, 'POST', '/api/transfers', { recipientUid: alice.uid, amount: '10.00' })).json().error.code,
      ).toBe('account_frozen');
      expect(
        (await call(bob, 'POST', '/api/withdrawals', { amount: '10.00', crypto: 'BTC', address: BTC })).json().error
          .code,
      ).toBe('account_frozen');
      const invest = await call(bob, 'POST', '/api/investments', { area: 'stocks', amount: '10.00' });
      expect(invest.statusCode).toBe(403);
      expect(invest.json().error.code).toBe('account_frozen');
      await deposit(bob, '25.00');
      const blocked = await approve(b, 'withdrawals', pendingOut);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().error.code).toBe('user_frozen');
      expect((await queueItem(b, 'withdrawals', pendingOut))?.user).toMatchObject({ frozen: true });
      expect(await me(bob)).toMatchObject({ balance: '950.00', withdrawalHold: '50.00' });
      expect(await outbox(bob.id)).toEqual([{ template: 'account_frozen', locale: 'es' }]);
      const [row] = (await trail(bob.id)).filter((r) => r.action.startsWith('user.'));
      expect(row).toMatchObject({
        action: 'user.freeze',
        actor_id: a.id,
        target_type: 'user',
        result: 'ok',
        user_agent: 'dual-control-test',
      });
      expect(JSON.parse(row!.after!)).toEqual({ frozen: true, reason: 'suspicious activity' });

      const un = await call(b, 'POST', `/api/admin/users/${bob.uid}/unfreeze`, { reason: 'cleared' });
      expect(un.json()).toMatchObject({ frozen: false });
      expect((await me(bob)).frozen).toBeNull();
      expect((await call(bob, 'POST', '/api/transfers', { recipientUid: alice.uid, amount: '10.00' })).statusCode).toBe(
        201,
      );
      expect((await approve(b, 'withdrawals', pendingOut)).statusCode).toBe(200);
      expect((await trail(bob.id)).map((r) => r.action).filter((x) => x.startsWith('user.'))).toEqual([
        'user.freeze',
        'user.unfreeze',
      ]);
      expect((await outbox(bob.id)).map((m) => m.template)).toEqual([
        'account_frozen',
        'account_unfrozen',
        'withdrawal_approved',
      ]);
    });
  });

  it('the audit trail records sign-ins (success and failure), sign-outs, two-factor, passwords, revoked sessions and operator promotion', async () => {
    const u = await createUser(t, { firstName: 'Trail', lastName: 'User' });
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: u.email, password: 'wrong-password' },
      remoteAddress: '10.9.8.7',
      headers: { 'user-agent': 'ua-test' },
    });
    expect(failed.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: 'nobody@example.test', password: 'wrong-password' },
      remoteAddress: '10.9.8.7',
    });
    expect(unknown.statusCode).toBe(401);
    let cookie = await login(t, u.email, u.password);
    // Each step may renew the session cookie, as a browser would keep it.
    const as = async (url: string, payload?: unknown) => {
      const res = await t.app.inject({ method: 'POST', url, payload: payload as never, headers: { cookie } });
      cookie = cookieFrom(res.headers['set-cookie']) || cookie;
      return res;
    };
    const setup = await as('/api/accounts/two-factor/enable', { password: u.password });
    const confirmed = await as('/api/accounts/two-factor/confirm', { code: totpFromUri(setup.json().totpURI) });
    expect(confirmed.statusCode).toBe(200);
    expect((await as('/api/accounts/two-factor/disable', { password: u.password })).statusCode).toBe(200);
    expect((await as('/api/accounts/sessions/revoke-others')).statusCode).toBe(200);
    expect(
      (
        await as('/api/accounts/password', {
          currentPassword: u.password,
          newPassword: 'new-password-1',
          confirmPassword: 'new-password-1',
        })
      ).statusCode,
    ).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) => eb.or([eb('target_id', '=', u.id), eb('target_id', '=', 'nobody@example.test')]))
      .orderBy('at')
      .execute();
    const actions = rows.map((r) => `${r.action}:${r.result}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'auth.sign_in:failed',
        'auth.sign_in:ok',
        'auth.two_factor_enabled:ok',
        'auth.two_factor_disabled:ok',
        'auth.sessions_revoked:ok',
        'auth.password_changed:ok',
      ]),
    );
    expect(
      rows.find((r) => r.action === 'auth.sign_in' && r.result === 'failed' && r.target_id === u.id),
    ).toMatchObject({ actor_id: 'anonymous', ip: '10.9.8.7', user_agent: 'ua-test' });
    expect(rows.find((r) => r.target_id === 'nobody@example.test')).toMatchObject({
      action: 'auth.sign_in',
      result: 'failed',
      target_type: 'email',
    });
    const fresh = await login(t, u.email, 'new-password-1');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/accounts/logout', headers: { cookie: fresh } })).statusCode,
    ).toBe(200);
    const out = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'result'])
      .where('action', '=', 'auth.sign_out')
      .where('target_id', '=', u.id)
      .execute();
    expect(out).toEqual([{ actor_id: u.id, result: 'ok' }]);
    // Operators created or promoted (here through the same service the CLI uses) are in the trail.
    const promoted = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'user_agent'])
      .where('target_id', '=', a.id)
      .where('action', 'like', 'operator.%')
      .execute();
    expect(promoted).toEqual([{ action: 'operator.promote', actor_id: 'cli', user_agent: 'cli' }]);
  });
});
