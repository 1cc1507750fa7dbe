import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepLimiterRows } from '../../src/server/modules/accounts/signin-throttle.repo';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { createUser, someIp, type TestUser } from '../support/users';

function form(amount: string, png: Buffer): FormData {
  const data = new FormData();
  data.append('amount', amount);
  data.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
  return data;
}

describe(`abuse limits (${testDialect})`, () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true', PROOF_UPLOADS_PER_HOUR: '5', RECIPIENT_LOOKUPS_PER_HOUR: '4' });
    png = await sampleImage('png');
  });
  afterAll(async () => t.close());

  const deposit = (who: TestUser, amount = '10.00') =>
    t.app.inject({
      method: 'POST',
      url: '/api/deposits',
      payload: form(amount, png) as never,
      headers: { cookie: who.cookie },
    });

  it('allows at most 3 pending deposit requests per person, with a clear code; a decided one frees a place', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 3; i++) expect((await deposit(u)).statusCode).toBe(201);
    const fourth = await deposit(u);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ error: { code: 'too_many_pending_deposits', params: { max: 3 } } });
    // Another person is not affected.
    expect((await deposit(await createUser(t))).statusCode).toBe(201);
    await t.ctx.db
      .updateTable('deposit_request')
      .set({ status: 'rejected' })
      .where('user_id', '=', u.id)
      .where('status', '=', 'pending')
      .execute();
    expect((await deposit(u)).statusCode).toBe(201);
  });

  it('keeps the cap when uploads arrive at once: of five simultaneous requests, exactly three are filed', async () => {
    const u = await createUser(t);
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => deposit(u)))).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409]);
    const pending = await t.ctx.db
      .selectFrom('deposit_request')
      .select('id')
      .where('user_id', '=', u.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(3);
  });

  it('caps proof uploads per person and hour (here 5), whatever their outcome', async () => {
    const u = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await deposit(u)).statusCode);
    await t.ctx.db.updateTable('deposit_request').set({ status: 'rejected' }).where('user_id', '=', u.id).execute();
    for (let i = 0; i < 3; i++) statuses.push((await deposit(u)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    t.clock.advance(3_600_000 + 1000);
    expect((await deposit(u)).statusCode).toBe(201);
  });

  it('caps payee lookups per person and hour (here 4), found or not', async () => {
    const [u, payee] = [await createUser(t), await createUser(t)];
    const look = (uid: string) =>
      t.app.inject({ method: 'GET', url: `/api/transfers/recipient?uid=${uid}`, headers: { cookie: u.cookie } });
    expect((await look(payee.uid)).statusCode).toBe(200);
    expect((await look('ATU000001')).statusCode).toBe(404);
    expect((await look(payee.uid)).statusCode).toBe(200);
    expect((await look('ATU000002')).statusCode).toBe(404);
    const over = await look(payee.uid);
    expect([over.statusCode, over.json().error.code]).toEqual([429, 'rate_limited']);
    // Someone else still looks up freely.
    const other = await createUser(t);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/transfers/recipient?uid=${payee.uid}`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advance(3_600_000 + 1000);
    expect((await look(payee.uid)).statusCode).toBe(200);
  });

  it('counts transfers to unknown UIDs against the same cap, so they cannot walk the UID space', async () => {
    const [u, payee] = [await createUser(t), await createUser(t)];
    await fund(t.ctx, u.id, 10_000);
    const send = (uid: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        payload: { recipientUid: uid, amount: '0.01' },
        headers: { cookie: u.cookie },
      });
    // Transfers that find their payee cost money and are not counted.
    for (let i = 0; i < 6; i++) expect((await send(payee.uid)).statusCode).toBe(201);
    for (let i = 1; i <= 4; i++) expect((await send(`ATU00000${i}`)).json().error.code).toBe('recipient_not_found');
    const over = await send('ATU000005');
    expect([over.statusCode, over.json().error.code]).toEqual([429, 'rate_limited']);
    // The lookups share the count; a transfer to a known payee still goes through.
    const look = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/recipient?uid=${payee.uid}`,
      headers: { cookie: u.cookie },
    });
    expect(look.statusCode).toBe(429);
    expect((await send(payee.uid)).statusCode).toBe(201);
    t.clock.advance(3_600_000 + 1000);
    expect((await send('ATU000006')).json().error.code).toBe('recipient_not_found');
  });

  it('sweeps expired limiter rows and keeps live ones', async () => {
    const now = t.clock.now();
    const old = new Date(now.getTime() - 3 * 3_600_000).toISOString();
    await t.ctx.db
      .insertInto('rate_limit')
      .values([
        { key: 'sweep:old', window_start: old, hits: 3 },
        { key: 'sweep:live', window_start: now.toISOString(), hits: 1 },
      ])
      .execute();
    await t.ctx.db
      .insertInto('sign_in_failure')
      .values([{ account: 'sweep@example.test', ip: '10.9.9.9', failures: 2, last_at: old }])
      .execute();
    expect(await sweepLimiterRows(t.ctx.db, new Date(now.getTime() - 2 * 3_600_000))).toBeGreaterThanOrEqual(2);
    const keys = (await t.ctx.db.selectFrom('rate_limit').select('key').where('key', 'like', 'sweep:%').execute()).map(
      (r) => r.key,
    );
    expect(keys).toEqual(['sweep:live']);
    expect(
      await t.ctx.db.selectFrom('sign_in_failure').select('ip').where('account', '=', 'sweep@example.test').execute(),
    ).toEqual([]);
  });

  it('funds stay usable: a verified person under the limits transfers normally', async () => {
    const [u, payee] = [await createUser(t), await createUser(t)];
    await fund(t.ctx, u.id, 5000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      payload: { recipientUid: payee.uid, amount: '10.00' },
      headers: { cookie: u.cookie },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe(`per-address ceiling on the whole API (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_READS_PER_MINUTE: '8', API_WRITES_PER_MINUTE: '3' });
  });
  afterAll(async () => t.close());

  it('allows more reads than writes per address and minute, answers 429 rate_limited beyond, and leaves other addresses alone', async () => {
    const ip = someIp();
    const reads: number[] = [];
    for (let i = 0; i < 9; i++)
      reads.push((await t.app.inject({ method: 'GET', url: '/api/me', remoteAddress: ip })).statusCode);
    expect(reads).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const writes: number[] = [];
    for (let i = 0; i < 4; i++)
      writes.push((await t.app.inject({ method: 'POST', url: '/api/accounts/logout', remoteAddress: ip })).statusCode);
    expect(writes).toEqual([200, 200, 200, 429]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/accounts/logout', remoteAddress: ip });
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', remoteAddress: someIp() })).statusCode).toBe(200);
    // Health checks are not the API.
    for (let i = 0; i < 10; i++)
      expect((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: ip })).statusCode).toBe(200);
  });
});
