import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../src/core/clock';
import { createAdminCommand } from '../../src/server/modules/accounts/accounts.cli';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage, seededImage } from '../support/images';
import { fund } from '../support/money';
import { callAs, createAdmin, createUser, login, type CallArgs, type TestUser } from '../support/users';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
let seed = 46_000;

/** Sends four fresh images and has the operator verify them. */
async function verifyIdentity(t: TestApp, who: TestUser, admin: TestUser) {
  const data = new FormData();
  data.append('documentType', 'id_card');
  data.append('documentNumber', 'EDGE12345');
  data.append('documentExpiry', '2035-06-30');
  for (const slot of ['front', 'back', 'selfie', 'address'])
    data.append(slot, new Blob([new Uint8Array(await seededImage(seed++))], { type: 'image/png' }), `${slot}.png`);
  const sent = await callAs(t, who, 'POST', '/api/identity', data);
  expect(sent.statusCode, sent.body).toBe(201);
  const verified = await callAs(t, admin, 'POST', `/api/admin/identities/${sent.json().current.id}/verify`);
  expect(verified.statusCode, verified.body).toBe(200);
}

/**
 * The edges of identity and limits (issue 46, items 2-6), over HTTP: what the investor and the
 * operator are told when a limit stops a movement, and who decided what.
 */
describe(`limits edges: nothing left to withdraw (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestUser;
  const call = (...args: CallArgs) => callAs(t, ...args);
  const withdrawal = async (who: TestUser) => {
    const res = await call(who, 'GET', '/api/limits');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().limits as { direction: string }[]).find((l) => l.direction === 'withdrawal');
  };

  beforeAll(async () => {
    // The production defaults before an identity is verified: no withdrawal at all (0/0).
    t = await createTestApp({
      DEMO_MODE: 'true',
      TIER_LIMITS: 'true',
      LIMITS_IDENTITY: 'deposit:-/-,withdrawal:100.00/150.00',
    });
    admin = await createAdmin(t);
  });
  afterAll(async () => t.close());

  it('before identity: the withdrawal limit says the tier allows none, and verifying the identity unlocks it', async () => {
    const ana = await createUser(t);
    await fund(t.ctx, ana.id, 400_00);
    expect(await withdrawal(ana)).toMatchObject({
      perRequest: '0.00',
      rolling30Days: '0.00',
      left: '0.00',
      blocked: 'tier',
      freesAt: null,
      nextRolling30Days: '150.00',
    });
    expect((await call(ana, 'GET', '/api/limits')).json()).toMatchObject({ tier: 'email', next: 'identity' });
    // The person's back-office page shows what the operator judges by (item 6): identity, tier, limits used.
    const page = await call(admin, 'GET', `/api/admin/users/${ana.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      identity: 'none',
      limits: { enabled: true, tier: 'email', next: 'identity' },
    });
    expect(page.json().limits.limits[1]).toMatchObject({
      direction: 'withdrawal',
      used: '0.00',
      rolling30Days: '0.00',
    });
    const refused = await call(ana, 'POST', '/api/withdrawals', { amount: '10.00', crypto: 'BTC', address: BTC });
    expect(refused.statusCode).toBe(409);
  });

  it('the 30 days used up: the limit says so, and when the oldest withdrawal leaves the window', async () => {
    const bo = await createUser(t);
    await fund(t.ctx, bo.id, 1000_00);
    await verifyIdentity(t, bo, admin);
    expect((await call(admin, 'GET', `/api/admin/users/${bo.id}`)).json()).toMatchObject({
      identity: 'verified',
      limits: { tier: 'identity' },
    });
    const first = await call(bo, 'POST', '/api/withdrawals', { amount: '100.00', crypto: 'BTC', address: BTC });
    expect(first.statusCode, first.body).toBe(201);
    t.clock.advance(2 * DAY_MS);
    expect((await withdrawal(bo))!).toMatchObject({ left: '50.00', blocked: null, freesAt: null });
    expect(
      (await call(bo, 'POST', '/api/withdrawals', { amount: '50.00', crypto: 'BTC', address: BTC })).statusCode,
    ).toBe(201);
    expect(await withdrawal(bo)).toMatchObject({
      left: '0.00',
      blocked: 'used',
      freesAt: new Date(Date.parse(first.json().createdAt) + 30 * DAY_MS).toISOString(),
    });
  });
});

describe(`limits edges: a deposit the limit stops at approval (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let png: Buffer;
  const call = (...args: CallArgs) => callAs(t, ...args);
  const file = async (who: TestUser, amount: string) => {
    const data = new FormData();
    data.append('amount', amount);
    data.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    const res = await call(who, 'POST', '/api/deposits', data);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  beforeAll(async () => {
    t = await createTestApp({
      DEMO_MODE: 'true',
      TIER_LIMITS: 'true',
      LIMITS_EMAIL: 'deposit:-/1000.00,withdrawal:0/0',
    });
    admin = await createAdmin(t);
    png = await sampleImage('png');
  });
  afterAll(async () => t.close());

  it("the operator's refusal is worded for the operator; the deposit then waits on the limit, and both sides see why", async () => {
    const cy = await createUser(t);
    // Both fit the 30 days when filed; the first approved leaves 400.00, the second no longer fits.
    const a = await file(cy, '600.00');
    const b = await file(cy, '600.00');
    expect((await call(admin, 'POST', `/api/admin/deposits/${a}/approve`)).statusCode).toBe(200);
    const refused = await call(admin, 'POST', `/api/admin/deposits/${b}/approve`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'deposit_limit_30_days',
      params: { max: '1000.00', left: '400.00', tier: 'email', amount: '600.00', context: 'operator_raise' },
    });
    // It waits because of the limit, and both sides are told why, with the figures and what frees it
    // (issue 46, item 3): the investor in their history, the operator in the queue.
    const approvedAt = (
      await t.ctx.db.selectFrom('deposit_request').select('processed_at').where('id', '=', a).executeTakeFirstOrThrow()
    ).processed_at!;
    const held = {
      limit: 'rolling_30_days',
      max: '1000.00',
      left: '400.00',
      raise: true,
      freesAt: new Date(Date.parse(approvedAt) + 30 * DAY_MS).toISOString(),
    };
    const history = await call(cy, 'GET', '/api/cashier/history');
    expect(history.statusCode, history.body).toBe(200);
    const lines = history.json().deposits as { id: string; heldByLimit: unknown }[];
    expect(lines.find((d) => d.id === b)?.heldByLimit).toEqual(held);
    expect(lines.find((d) => d.id === a)?.heldByLimit).toBeNull();
    const queue = await call(admin, 'GET', '/api/admin/deposits?status=pending&limit=100');
    expect(queue.statusCode, queue.body).toBe(200);
    const item = (queue.json().items as { id: string; heldByLimit: unknown }[]).find((d) => d.id === b);
    expect(item?.heldByLimit).toEqual(held);
    // The investor's own request still gets the investor's wording.
    const data = new FormData();
    data.append('amount', '500.00');
    data.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    const own = await call(cy, 'POST', '/api/deposits', data);
    expect(own.json().error).toEqual({
      code: 'deposit_limit_30_days',
      params: { max: '1000.00', left: '400.00', tier: 'email', context: 'raise' },
    });
  });
});

describe(`operators told apart (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(async () => t.close());

  it('the second approver reads the first approver’s own name and e-mail address', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    for (const [email, name] of [
      ['claire.ops@atlas.test', 'Claire Martin'],
      ['marc.ops@atlas.test', 'Marc Petit'],
    ] as const)
      expect(await createAdminCommand.run(t.ctx, { email, password: 'operator-pass', name })).toBe(0);
    vi.restoreAllMocks();
    const as = async (email: string) => ({
      cookie: await login(t, email, 'operator-pass', '/api/accounts/admin-login'),
    });
    const [claire, marc] = await Promise.all([as('claire.ops@atlas.test'), as('marc.ops@atlas.test')]);
    const investor = await createUser(t);
    const data = new FormData();
    data.append('amount', '1500.00');
    data.append('proof', new Blob([new Uint8Array(await sampleImage('png'))], { type: 'image/png' }), 'proof.png');
    const filed = await callAs(t, investor, 'POST', '/api/deposits', data);
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().id as string;
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${id}/approve`,
      headers: { cookie: claire.cookie },
    });
    expect(first.json()).toMatchObject({ stage: 'awaiting_second' });
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/deposits?status=pending&limit=100',
      headers: { cookie: marc.cookie },
    });
    const item = (queue.json().items as { id: string; firstApproval: unknown }[]).find((i) => i.id === id);
    expect(item?.firstApproval).toMatchObject({ name: 'Claire Martin', email: 'claire.ops@atlas.test' });
  });
});
