import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/server/modules/ledger/verify';
import { render, type TemplateName } from '../../src/server/modules/notifications/templates';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { createAdmin, createUser, type TestUser } from '../support/users';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** Rejection reasons from the catalogue and corrected requests (issue 26, items 4 and 5). */
describe(`rejection reasons and corrections (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let png: Buffer;

  const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: { cookie: who.cookie } });
  const depositForm = (amount: string, previousId?: string) => {
    const data = new FormData();
    data.append('amount', amount);
    if (previousId) data.append('previousId', previousId);
    data.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    return data;
  };
  const deposit = (who: TestUser, amount: string, previousId?: string) =>
    call(who, 'POST', '/api/deposits', depositForm(amount, previousId));
  const withdraw = (who: TestUser, amount: string, previousId?: string, address = BTC) =>
    call(who, 'POST', '/api/withdrawals', { amount, crypto: 'BTC', address, ...(previousId ? { previousId } : {}) });
  const reject = (kind: 'deposits' | 'withdrawals', id: string, body: unknown) =>
    call(admin, 'POST', `/api/admin/${kind}/${id}/reject`, body);
  const history = async (who: TestUser) =>
    (await call(who, 'GET', '/api/cashier/history')).json() as {
      deposits: Array<Record<string, unknown> & { id: string }>;
      withdrawals: Array<Record<string, unknown> & { id: string }>;
    };
  const me = async (who: TestUser) =>
    (await call(who, 'GET', '/api/me')).json() as { balance: string; withdrawalHold: string };
  const created = async (res: Awaited<ReturnType<typeof deposit>>) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; version: number; previousId: string | null };
  };
  const rejected = async (kind: 'deposits' | 'withdrawals', id: string, reason: string, note?: string) => {
    const res = await reject(kind, id, { reason, ...(note ? { note } : {}) });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The rejection e-mail of a request's owner, as delivered (rendered in their language). */
  const rejectionMail = async (userId: string, template: TemplateName) => {
    const rows = await t.ctx.db
      .selectFrom('email_outbox')
      .select(['params', 'locale'])
      .where('user_id', '=', userId)
      .where('template', '=', template)
      .orderBy('created_at', 'desc')
      .execute();
    const row = rows[0]!;
    return {
      params: JSON.parse(row.params) as Record<string, unknown>,
      ...render(template, row.locale, JSON.parse(row.params)),
    };
  };
  const queueItem = async (kind: 'deposits' | 'withdrawals', id: string) => {
    const res = await call(admin, 'GET', `/api/admin/${kind}?limit=100`);
    return (res.json() as { items: Array<Record<string, unknown> & { id: string }> }).items.find((i) => i.id === id)!;
  };

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true', CORRECTION_MAX_VERSIONS: '3' });
    admin = await createAdmin(t);
    png = await sampleImage('png');
  });
  afterAll(async () => t.close());

  it('a rejection needs a code of the catalogue that applies to the request, checked on the server', async () => {
    const ana = await createUser(t);
    const d = await created(await deposit(ana, '10.00'));
    for (const body of [{}, { reason: 'Preuve floue' }, { reason: 'amount_mismatch', note: 'x'.repeat(501) }]) {
      const res = await reject('deposits', d.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const wrongKind = await reject('deposits', d.id, { reason: 'address_invalid' });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error.code).toBe('reject_reason_not_applicable');
    expect((await history(ana)).deposits[0]).toMatchObject({ id: d.id, status: 'pending', rejection: null });
  });

  it('the person reads the reason and what to fix, never the internal note; operators see both; the e-mail says the same', async () => {
    const ben = await createUser(t);
    const d = await created(await deposit(ben, '120.00'));
    await rejected('deposits', d.id, 'amount_mismatch', 'La preuve montre 102 USDT');
    const res = await call(ben, 'GET', '/api/cashier/history');
    expect(res.body).not.toContain('102 USDT');
    expect(res.json().deposits[0]).toMatchObject({
      id: d.id,
      status: 'rejected',
      adminNotes: null,
      rejection: { reason: 'amount_mismatch', canCorrect: true },
      version: 1,
      previousId: null,
    });
    expect(await queueItem('deposits', d.id)).toMatchObject({
      reason: 'amount_mismatch',
      internalNote: 'La preuve montre 102 USDT',
      versions: [{ id: d.id, version: 1, status: 'rejected', reason: 'amount_mismatch' }],
    });
    const mail = await rejectionMail(ben.id, 'deposit_rejected');
    expect(mail.params).toEqual({ amount: '120.00', reasonCode: 'amount_mismatch', canCorrect: true });
    expect(mail.text).toContain('Le montant saisi ($120.00) ne correspond pas à celui de la preuve.');
    expect(mail.text).toContain('« Corriger »');
    expect(mail.text).not.toContain('102 USDT');
    const trail = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(trail.action).toBe('deposit.reject');
    expect(JSON.parse(String(trail.after))).toEqual({
      status: 'rejected',
      reason: 'amount_mismatch',
      note: 'La preuve montre 102 USDT',
    });
  });

  it('a final compliance reason shows one neutral text and code, and cannot be corrected', async () => {
    const cleo = await createUser(t);
    const d = await created(await deposit(cleo, '30.00'));
    await rejected('deposits', d.id, 'compliance_source_of_funds', 'Alerte interne');
    const res = await call(cleo, 'GET', '/api/cashier/history');
    expect(res.json().deposits[0].rejection).toEqual({ reason: 'request_declined', canCorrect: false });
    expect(res.body).not.toMatch(/compliance|source_of_funds|Alerte/);
    const mail = await rejectionMail(cleo.id, 'deposit_rejected');
    expect(mail.params.reasonCode).toBe('request_declined');
    expect(mail.text).toContain('Nous ne pouvons pas donner suite à cette demande.');
    expect(mail.text).not.toContain('Corriger');
    const again = await deposit(cleo, '30.00', d.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('correction_not_allowed');
  });

  it('a corrected deposit is the next version of the rejected one, and is approved like any other', async () => {
    const dan = await createUser(t);
    const first = await created(await deposit(dan, '120.00'));
    await rejected('deposits', first.id, 'amount_mismatch');
    const second = await created(await deposit(dan, '102.00', first.id));
    expect(second).toMatchObject({ version: 2, previousId: first.id });
    const listed = await history(dan);
    expect(listed.deposits.map((d) => [d.id, d.status, d.rejection])).toEqual([
      [second.id, 'pending', null],
      [first.id, 'rejected', { reason: 'amount_mismatch', canCorrect: false }],
    ]);
    expect((await queueItem('deposits', second.id)).versions).toMatchObject([
      { id: first.id, version: 1, amount: '120.00', status: 'rejected', reason: 'amount_mismatch' },
      { id: second.id, version: 2, amount: '102.00', status: 'pending', reason: null },
    ]);
    const again = await deposit(dan, '102.00', first.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('correction_superseded');
    expect((await call(admin, 'POST', `/api/admin/deposits/${second.id}/approve`)).statusCode).toBe(200);
    expect((await me(dan)).balance).toBe('102.00');
  });

  it('refuses a correction of a request that is not the person’s, still pending, or approved', async () => {
    const eva = await createUser(t);
    const fay = await createUser(t);
    const pending = await created(await deposit(eva, '5.00'));
    const notMine = await created(await deposit(fay, '6.00'));
    await rejected('deposits', notMine.id, 'proof_unreadable');
    for (const [who, id] of [
      [eva, pending.id],
      [eva, notMine.id],
      [eva, 'no-such-request'],
    ] as const) {
      const res = await deposit(who, '5.00', id);
      expect(res.statusCode, id).toBe(409);
      expect(res.json().error.code).toBe('correction_not_allowed');
    }
    // A non-retryable reason that is not a compliance one: shown as is, not correctable.
    await rejected('deposits', pending.id, 'duplicate_request');
    expect((await history(eva)).deposits[0]!.rejection).toEqual({ reason: 'duplicate_request', canCorrect: false });
    expect((await deposit(eva, '5.00', pending.id)).json().error.code).toBe('correction_not_allowed');
  });

  it('stops at CORRECTION_MAX_VERSIONS versions', async () => {
    const gus = await createUser(t);
    let id = (await created(await deposit(gus, '50.00'))).id;
    for (const version of [2, 3]) {
      await rejected('deposits', id, 'proof_unreadable');
      const next = await created(await deposit(gus, '50.00', id));
      expect(next.version).toBe(version);
      id = next.id;
    }
    await rejected('deposits', id, 'proof_unreadable');
    expect((await history(gus)).deposits[0]).toMatchObject({
      id,
      version: 3,
      rejection: { reason: 'proof_unreadable', canCorrect: false },
    });
    expect((await rejectionMail(gus.id, 'deposit_rejected')).params.canCorrect).toBe(false);
    const res = await deposit(gus, '50.00', id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'correction_limit_reached', params: { max: 3 } } });
    expect((await queueItem('deposits', id)).versions).toHaveLength(3);
  });

  it('a rejected withdrawal releases its hold with the rejection; its correction holds again as the next version', async () => {
    const hal = await createUser(t);
    await fund(t.ctx, hal.id, 100_00);
    const wrong = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const first = await created(await withdraw(hal, '40.00', undefined, wrong));
    expect(await me(hal)).toMatchObject({ balance: '60.00', withdrawalHold: '40.00' });
    await rejected('withdrawals', first.id, 'address_invalid', 'Adresse d’une plateforme qui refuse les tiers');
    expect(await me(hal)).toMatchObject({ balance: '100.00', withdrawalHold: '0.00' });
    const row = await t.ctx.db
      .selectFrom('withdrawal_request')
      .select(['status', 'reason_code', 'settle_tx_id'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', reason_code: 'address_invalid' });
    const release = await t.ctx.db
      .selectFrom('ledger_tx')
      .select('type')
      .where('ref_id', '=', first.id)
      .where('type', '=', 'withdrawal_release')
      .execute();
    expect(release).toHaveLength(1);
    const mail = await rejectionMail(hal.id, 'withdrawal_rejected');
    expect(mail.text).toContain(`L’adresse ${wrong} ne peut pas recevoir de BTC.`);
    expect(mail.text).not.toContain('plateforme');
    expect((await history(hal)).withdrawals[0]).toMatchObject({
      rejection: { reason: 'address_invalid', canCorrect: true },
      crypto: 'BTC',
      address: wrong,
    });

    const second = await created(await withdraw(hal, '40.00', first.id));
    expect(second).toMatchObject({ version: 2, previousId: first.id });
    expect(await me(hal)).toMatchObject({ balance: '60.00', withdrawalHold: '40.00' });
    const again = await withdraw(hal, '40.00', first.id);
    expect(again.json().error.code).toBe('correction_superseded');
    expect(await me(hal)).toMatchObject({ balance: '60.00', withdrawalHold: '40.00' });
    expect((await queueItem('withdrawals', second.id)).versions).toMatchObject([
      { id: first.id, version: 1, status: 'rejected', reason: 'address_invalid' },
      { id: second.id, version: 2, status: 'pending' },
    ]);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('two corrections of one rejected deposit at once: one is the next version, the other is refused', async () => {
    const ivy = await createUser(t);
    const first = await created(await deposit(ivy, '70.00'));
    await rejected('deposits', first.id, 'amount_mismatch');
    const results = await Promise.all([deposit(ivy, '71.00', first.id), deposit(ivy, '72.00', first.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('correction_superseded');
    const versions = await t.ctx.db
      .selectFrom('deposit_request')
      .select('id')
      .where('previous_id', '=', first.id)
      .execute();
    expect(versions).toHaveLength(1);
  });

  it('two corrections of one rejected withdrawal at once: one holds the amount, the other is refused', async () => {
    const jon = await createUser(t);
    await fund(t.ctx, jon.id, 100_00);
    const first = await created(await withdraw(jon, '30.00'));
    await rejected('withdrawals', first.id, 'wrong_network');
    const results = await Promise.all([withdraw(jon, '30.00', first.id), withdraw(jon, '31.00', first.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('correction_superseded');
    const held = results.find((r) => r.statusCode === 201)!.json().amount as string;
    expect(await me(jon)).toMatchObject({ withdrawalHold: held });
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('a withdrawal correction is refused when its rejected request is not correctable, and moves nothing', async () => {
    const kim = await createUser(t);
    await fund(t.ctx, kim.id, 50_00);
    const first = await created(await withdraw(kim, '10.00'));
    await rejected('withdrawals', first.id, 'compliance_screening');
    const res = await withdraw(kim, '10.00', first.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('correction_not_allowed');
    expect(await me(kim)).toMatchObject({ balance: '50.00', withdrawalHold: '0.00' });
  });
});
