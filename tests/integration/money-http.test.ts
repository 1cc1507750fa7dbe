import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock';
import { verifyLedger } from '../../src/server/modules/ledger/verify';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { fund } from '../support/money';
import { callAs, createUser, type CallArgs, type TestUser } from '../support/users';

describe(`invest, stop and transfer through HTTP (${testDialect})`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  const call = (...args: CallArgs) => callAs(t, ...args);
  const ledgerRows = async () => {
    const r = await verifyLedger(t.ctx.db);
    return { txs: r.transactions, problems: r.problems };
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, { firstName: 'Alice', lastName: 'Martin' });
    bob = await createUser(t, { firstName: 'Bob', lastName: 'Durand' });
    await fund(t.ctx, alice.id, 100_000);
  });
  afterAll(async () => t.close());

  it('refuses anonymous callers with 401', async () => {
    expect((await call(null, 'POST', '/api/investments', { area: 'crypto', amount: '10' })).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/transfers', { recipientUid: bob.uid, amount: '10' })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/investments')).statusCode).toBe(401);
  });

  it.each([
    ['negative', { area: 'stocks', amount: '-5' }, 400, 'invalid_amount'],
    ['zero', { area: 'stocks', amount: '0' }, 400, 'invalid_amount'],
    ['exponent', { area: 'stocks', amount: '1e3' }, 400, 'invalid_amount'],
    ['three decimals', { area: 'stocks', amount: '12.345' }, 400, 'invalid_amount'],
    ['text', { area: 'stocks', amount: 'beaucoup' }, 400, 'invalid_amount'],
    ['huge', { area: 'stocks', amount: '99999999999999999999' }, 400, 'invalid_amount'],
    ['absurdly long', { area: 'stocks', amount: '9'.repeat(40) }, 400, 'validation_failed'],
    ['too large', { area: 'stocks', amount: '9999999999999' }, 400, 'invalid_amount'],
    ['number instead of text', { area: 'stocks', amount: 10 }, 400, 'validation_failed'],
    ['missing amount', { area: 'stocks' }, 400, 'validation_failed'],
    ['missing area', { amount: '10' }, 400, 'validation_failed'],
    ['unknown area', { area: 'gold', amount: '10' }, 400, 'unknown_area'],
    ['above the balance', { area: 'stocks', amount: '1000.01' }, 409, 'insufficient_balance'],
  ])('invest with %s is refused and writes nothing', async (_name, payload, status, code) => {
    const before = await ledgerRows();
    const res = await call(alice, 'POST', '/api/investments', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await ledgerRows()).toEqual(before);
  });

  it('says the fresh balance when it does not cover the investment', async () => {
    const res = await call(alice, 'POST', '/api/investments', { area: 'trading', amount: '5000' });
    expect(res.json()).toEqual({ error: { code: 'insufficient_balance', params: { balance: '1000.00' } } });
  });

  it('invests, then refuses to stop before 5 full days with the days left, then credits once', async () => {
    const res = await call(alice, 'POST', '/api/investments', { area: 'real_estate', amount: '250.50' });
    expect(res.statusCode).toBe(201);
    const { investment, balance } = res.json();
    expect(balance).toBe('749.50');
    expect(investment).toMatchObject({
      area: 'real_estate',
      amount: '250.50',
      currentValue: '250.50',
      isActive: true,
      lockDaysLeft: 5,
    });

    const me = (await call(alice, 'GET', '/api/me')).json();
    expect(me).toMatchObject({
      balance: '749.50',
      invested: '250.50',
      totalInvested: '250.50',
      withdrawalLockDaysLeft: 30,
    });

    t.clock.advance(2 * DAY_MS + 3_600_000);
    const early = await call(alice, 'POST', `/api/investments/${investment.id}/stop`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: { code: 'investment_locked', params: { days: 3 } } });

    t.clock.advance(3 * DAY_MS);
    const stop = await call(alice, 'POST', `/api/investments/${investment.id}/stop`, undefined, {
      'idempotency-key': 'stop-1',
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ credited: '250.50', balance: '1000.00', investment: { isActive: false } });
    const replay = await call(alice, 'POST', `/api/investments/${investment.id}/stop`, undefined, {
      'idempotency-key': 'stop-1',
    });
    expect(replay.json()).toEqual(stop.json());
    const again = await call(alice, 'POST', `/api/investments/${investment.id}/stop`);
    expect(again.json().error.code).toBe('investment_not_active');
    const after = (await call(alice, 'GET', '/api/me')).json();
    expect(after).toMatchObject({ balance: '1000.00', invested: '0.00', totalInvested: '250.50' });
  });

  it("cannot stop another user's investment (404, nothing moves)", async () => {
    const { investment } = (await call(alice, 'POST', '/api/investments', { area: 'crypto', amount: '10' })).json();
    t.clock.advance(6 * DAY_MS);
    const before = await ledgerRows();
    const res = await call(bob, 'POST', `/api/investments/${investment.id}/stop`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('investment_not_found');
    expect(await ledgerRows()).toEqual(before);
  });

  it.each([
    ['empty UID', { recipientUid: '   ', amount: '10' }, 400, 'transfer_uid_required'],
    ['unknown UID', { recipientUid: 'ATU000000', amount: '10' }, 404, 'recipient_not_found'],
    ['zero', () => ({ recipientUid: bob.uid, amount: '0' }), 400, 'invalid_amount'],
    ['three decimals', () => ({ recipientUid: bob.uid, amount: '1.001' }), 400, 'invalid_amount'],
    ['own UID', () => ({ recipientUid: alice.uid, amount: '10' }), 400, 'transfer_to_self'],
    ['above the balance', () => ({ recipientUid: bob.uid, amount: '100000' }), 409, 'transfer_insufficient_balance'],
    ['missing amount', () => ({ recipientUid: bob.uid }), 400, 'validation_failed'],
  ])('transfer with %s is refused and writes nothing', async (_name, payload, status, code) => {
    const before = await ledgerRows();
    const body = typeof payload === 'function' ? payload() : payload;
    const res = await call(alice, 'POST', '/api/transfers', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await ledgerRows()).toEqual(before);
  });

  it('shows a masked payee, then moves the money in one step, naming the recipient', async () => {
    const check = await call(alice, 'GET', `/api/transfers/recipient?uid=${bob.uid.toLowerCase()}`);
    expect(check.json()).toEqual({ uid: bob.uid, maskedName: 'Bob D.' });
    const res = await call(
      alice,
      'POST',
      '/api/transfers',
      { recipientUid: ` ${bob.uid} `, amount: '125.25' },
      { 'idempotency-key': 'tr-1' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount: '125.25', recipient: { uid: bob.uid, fullName: bob.fullName } });
    const replay = await call(
      alice,
      'POST',
      '/api/transfers',
      { recipientUid: bob.uid, amount: '125.25' },
      { 'idempotency-key': 'tr-1' },
    );
    expect(replay.json().id).toBe(res.json().id);
    expect((await call(bob, 'GET', '/api/me')).json().balance).toBe('125.25');
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it('refuses a malformed idempotency key', async () => {
    const res = await call(
      alice,
      'POST',
      '/api/transfers',
      { recipientUid: bob.uid, amount: '1' },
      { 'idempotency-key': 'x'.repeat(200) },
    );
    expect(res.statusCode).toBe(400);
  });
});
