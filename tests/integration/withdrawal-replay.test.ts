import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { fund } from '../support/money';
import { createUser, type TestUser } from '../support/users';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

// Found by the crash round: a client that resends a withdrawal after a lost answer must get the
// first answer, even if the 30-day lock began in between (a first investment since).
describe(`a withdrawal resent with its Idempotency-Key (${testDialect})`, () => {
  let t: TestApp;
  let user: TestUser;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as never, headers: { cookie: user.cookie, ...headers } });

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
    await fund(t.ctx, user.id, 100_00);
  });
  afterAll(async () => t.close());

  it('gets its first answer after the withdrawal lock started, and moves nothing', async () => {
    const body = { amount: '30.00', crypto: 'BTC', address: BTC };
    const first = await post('/api/withdrawals', body, { 'idempotency-key': 'w-1' });
    expect(first.statusCode).toBe(201);
    expect((await post('/api/investments', { area: 'stocks', amount: '10.00' })).statusCode).toBe(201);
    expect((await post('/api/withdrawals', { ...body, amount: '5.00' })).json().error.code).toBe('withdrawal_locked');

    const replay = await post('/api/withdrawals', body, { 'idempotency-key': 'w-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).json();
    expect(me).toMatchObject({ balance: '60.00', invested: '10.00', withdrawalHold: '30.00' });
  });

  it('still refuses the same key with another request', async () => {
    const res = await post(
      '/api/withdrawals',
      { amount: '31.00', crypto: 'BTC', address: BTC },
      { 'idempotency-key': 'w-1' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('idempotency_key_reused');
  });
});
