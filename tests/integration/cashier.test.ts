import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock';
import { verifyLedger } from '../../src/server/modules/ledger/verify';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { pngBomb, sampleImage } from '../support/images';
import { fund } from '../support/money';
import { createAdmin, createUser, type TestUser } from '../support/users';
import { tamper } from '../support/tamper';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append('proof', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

describe(`deposits, withdrawals and the review queue (${testDialect})`, () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let png: Buffer;

  const as = (who: TestUser | null) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} }),
    post: (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: payload as never,
        headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
      }),
  });
  const balance = async (who: TestUser) =>
    (await as(who).get('/api/me')).json() as { balance: string; withdrawalHold: string };
  const uploads = () => {
    const dir = path.join(t.testDb.dataDir, 'uploads');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length : 0;
  };
  const deposit = async (who: TestUser, amount = '150.00') => {
    const res = await as(who).post(
      '/api/deposits',
      form({ amount }, { bytes: png, name: 'proof.png', type: 'image/png' }),
    );
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; status: string };
  };

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
    user = await createUser(t, { firstName: 'Ana', lastName: 'Lopez' });
    other = await createUser(t);
    admin = await createAdmin(t);
    png = await sampleImage('png');
  });
  afterAll(async () => t.close());

  it('lists sample deposit addresses in demo mode', async () => {
    const res = await as(user).get('/api/deposits/addresses');
    expect(res.json()).toMatchObject({ available: true, sample: true });
    expect(res.json().addresses.map((a: { coin: string }) => a.coin)).toEqual(['BTC', 'LTC', 'USDT_TRC20', 'SOL']);
  });

  it('a deposit resent with its Idempotency-Key gets the first answer; the same key with another amount is refused', async () => {
    const send = (amount: string) =>
      as(other).post('/api/deposits', form({ amount }, { bytes: png, name: 'proof.png', type: 'image/png' }), {
        'idempotency-key': 'deposit-key-1',
      });
    const before = uploads();
    const first = await send('42.00');
    expect(first.statusCode).toBe(201);
    const again = await send('42.00');
    expect(again.json().id).toBe(first.json().id);
    const other42 = await send('43.00');
    expect(other42.statusCode).toBe(409);
    expect(other42.json().error.code).toBe('idempotency_key_reused');
    expect(uploads()).toBe(before + 1);
  });

  it('credits an approved deposit exactly once, even when two operators approve at once', async () => {
    const d = await deposit(user, '150.00');
    expect(d.status).toBe('pending');
    expect((await balance(user)).balance).toBe('0.00');
    const queue = (await as(admin).get('/api/admin/deposits?status=pending')).json();
    expect(queue.items[0]).toMatchObject({
      id: d.id,
      amount: '150.00',
      hasProof: true,
      user: { uid: user.uid, fullName: 'Ana Lopez', email: user.email },
    });
    const [a, b] = await Promise.all([
      as(admin).post(`/api/admin/deposits/${d.id}/approve`),
      as(admin).post(`/api/admin/deposits/${d.id}/approve`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await balance(user)).balance).toBe('150.00');
    const again = await as(admin).post(`/api/admin/deposits/${d.id}/approve`);
    expect(again.json().error.code).toBe('request_not_pending');
    const outbox = await t.ctx.db
      .selectFrom('email_outbox')
      .select(['template', 'to_address'])
      .where('user_id', '=', user.id)
      .where('template', 'like', 'deposit_%')
      .execute();
    expect(outbox).toEqual([{ template: 'deposit_approved', to_address: user.email }]);
    const audits = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', d.id)
      .execute();
    expect(audits).toEqual([{ action: 'deposit.approve', actor_id: admin.id }]);
  });

  it('rejecting a deposit moves nothing and keeps the reason, not the internal note', async () => {
    const d = await deposit(user, '99.00');
    const res = await as(admin).post(`/api/admin/deposits/${d.id}/reject`, {
      reason: 'proof_unreadable',
      note: 'Capture floue, hash illisible',
    });
    expect(res.statusCode).toBe(200);
    expect((await balance(user)).balance).toBe('150.00');
    const history = await as(user).get('/api/cashier/history');
    expect(history.json().deposits[0]).toMatchObject({
      id: d.id,
      status: 'rejected',
      adminNotes: null,
      rejection: { reason: 'proof_unreadable', canCorrect: true },
    });
    expect(history.body).not.toContain('Capture floue');
  });

  it('a withdrawal holds the amount, approval settles it, rejection releases it', async () => {
    const w1 = await as(user).post('/api/withdrawals', { amount: '40.00', crypto: 'BTC', address: BTC });
    expect(w1.statusCode).toBe(201);
    expect(await balance(user)).toMatchObject({ balance: '110.00', withdrawalHold: '40.00' });
    const over = await as(user).post('/api/withdrawals', { amount: '110.01', crypto: 'BTC', address: BTC });
    expect(over.json().error.code).toBe('withdrawal_insufficient_funds');
    const queue = (await as(admin).get('/api/admin/withdrawals?status=pending')).json();
    expect(queue.items[0]).toMatchObject({
      id: w1.json().id,
      crypto: 'BTC',
      address: BTC,
      user: { balance: '110.00' },
    });
    expect((await as(admin).post(`/api/admin/withdrawals/${w1.json().id}/approve`)).statusCode).toBe(200);
    expect(await balance(user)).toMatchObject({ balance: '110.00', withdrawalHold: '0.00' });

    const w2 = await as(user).post('/api/withdrawals', { amount: '10.00', crypto: 'BTC', address: BTC });
    expect(
      (
        await as(admin).post(`/api/admin/withdrawals/${w2.json().id}/reject`, {
          reason: 'address_invalid',
          note: 'Adresse douteuse',
        })
      ).statusCode,
    ).toBe(200);
    expect(await balance(user)).toMatchObject({ balance: '110.00', withdrawalHold: '0.00' });
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);
  });

  it.each([
    [{ amount: '10', crypto: 'BTC', address: '  ' }, 'withdrawal_address_required'],
    [{ amount: '10', crypto: 'BTC', address: BTC.slice(0, -1) + 'p' }, 'withdrawal_address_invalid'],
    [{ amount: '10', crypto: 'DOGE', address: BTC }, 'unknown_crypto'],
    [{ amount: '0', crypto: 'BTC', address: BTC }, 'invalid_amount'],
  ])('refuses a withdrawal %j with %s', async (body, code) => {
    const res = await as(user).post('/api/withdrawals', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
  });

  it('blocks withdrawals for 30 days after the first investment, counting the days left', async () => {
    await fund(t.ctx, other.id, 10_000);
    expect((await as(other).post('/api/investments', { area: 'stocks', amount: '10' })).statusCode).toBe(201);
    t.clock.advance(12 * DAY_MS);
    const res = await as(other).post('/api/withdrawals', { amount: '5', crypto: 'BTC', address: BTC });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'withdrawal_locked', params: { days: 18 } } });
    t.clock.advance(18 * DAY_MS);
    expect((await as(other).post('/api/withdrawals', { amount: '5', crypto: 'BTC', address: BTC })).statusCode).toBe(
      201,
    );
  });

  it('keeps proofs and the queue to operators: users get 403, visitors 401, signed links expire', async () => {
    const d = await deposit(other, '20.00');
    expect((await as(other).get('/api/admin/deposits')).statusCode).toBe(403);
    expect((await as(null).get('/api/admin/deposits')).statusCode).toBe(401);
    expect((await as(other).get(`/api/admin/deposits/${d.id}/proof`)).statusCode).toBe(403);
    expect((await as(user).post(`/api/admin/deposits/${d.id}/approve`)).statusCode).toBe(403);
    const link = (await as(admin).get(`/api/admin/deposits/${d.id}/proof`)).json();
    const image = await t.app.inject({ method: 'GET', url: link.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const tampered = await t.app.inject({
      method: 'GET',
      url: link.url.replace(/sig=([^&]+)/, (_: string, sig: string) => `sig=${tamper(sig)}`),
    });
    expect(tampered.statusCode).toBe(403);
    t.clock.advance(3601_000);
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(403);
  });

  it.each([
    ['an oversized file', () => Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'image/png', 'file_too_large'],
    [
      'a PDF',
      () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      'application/pdf',
      'file_not_image',
    ],
    [
      'an SVG with a script',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
      'file_not_image',
    ],
    [
      'HTML renamed .png',
      () => Buffer.from('<!doctype html><html><body>hi</body></html>'),
      'image/png',
      'file_not_image',
    ],
    ['a truncated PNG', () => png.subarray(0, Math.floor(png.length / 2)), 'image/png', 'file_not_image'],
    ['a decompression bomb', () => pngBomb(), 'image/png', 'file_not_image'],
    ['an empty file', () => Buffer.alloc(0), 'image/png', 'file_not_image'],
  ])('refuses %s and leaves no row and no file behind', async (_name, bytes, type, code) => {
    const rowsBefore = await t.ctx.db
      .selectFrom('deposit_request')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const filesBefore = uploads();
    const res = await as(user).post(
      '/api/deposits',
      form({ amount: '10' }, { bytes: bytes(), name: 'proof.png', type }),
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toBe(code);
    const rowsAfter = await t.ctx.db
      .selectFrom('deposit_request')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rowsAfter.n)).toBe(Number(rowsBefore.n));
    expect(uploads()).toBe(filesBefore);
  });

  it('requires a proof and a valid amount', async () => {
    expect((await as(user).post('/api/deposits', form({ amount: '10' }))).json().error.code).toBe('proof_required');
    expect(
      (
        await as(user).post('/api/deposits', form({ amount: 'abc' }, { bytes: png, name: 'p.png', type: 'image/png' }))
      ).json().error.code,
    ).toBe('invalid_amount');
  });

  it('pages through the queue with keyset cursors, newest first', async () => {
    // A person may have at most 3 pending deposits: five come from two new people.
    const payers = [await createUser(t), await createUser(t)];
    for (let i = 0; i < 5; i++) await deposit(payers[i % 2]!, `${i + 1}.00`);
    const first = (await as(admin).get('/api/admin/deposits?limit=3')).json();
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).toBeTruthy();
    const second = (await as(admin).get(`/api/admin/deposits?limit=3&cursor=${first.nextCursor}`)).json();
    const ids = [...first.items, ...second.items].map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.items, ...second.items].map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await as(admin).get('/api/admin/deposits?cursor=garbage')).statusCode).toBe(400);
  });
});
