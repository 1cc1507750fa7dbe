import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage, seededImage } from '../support/images';
import { fund } from '../support/money';
import { callAs, createAdmin, createUser, type CallArgs, type TestUser } from '../support/users';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * Tiers and limits (issue 26, item 2; decision 037), over HTTP: the per-request and 30-day limits
 * of deposits and withdrawals, what is left, two withdrawals at once at the limit, a withdrawal
 * racing the verification that raises the limit, and limits off by default outside production.
 */
describe(`tiers and limits (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let png: Buffer;
  let seed = 7000;

  const call = (...args: CallArgs) => callAs(t, ...args);
  const withdraw = (who: TestUser, amount: string) =>
    call(who, 'POST', '/api/withdrawals', { amount, crypto: 'BTC', address: BTC });
  const fileDeposit = (who: TestUser, amount: string) => {
    const data = new FormData();
    data.append('amount', amount);
    data.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    return call(who, 'POST', '/api/deposits', data);
  };
  const filed = async (who: TestUser, amount: string) => {
    const res = await fileDeposit(who, amount);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const limits = async (who: TestUser) => {
    const res = await call(who, 'GET', '/api/limits');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const refusal = (res: { statusCode: number; body: string; json(): { error: { code: string; params: unknown } } }) => {
    expect(res.statusCode, res.body).toBe(409);
    return res.json().error;
  };
  /** Submits four fresh images; the operator's verification is left to the caller. */
  const submitIdentity = async (who: TestUser) => {
    const data = new FormData();
    data.append('documentType', 'id_card');
    data.append('documentNumber', 'TIER12345');
    data.append('documentExpiry', '2035-06-30');
    for (const slot of ['front', 'back', 'selfie', 'address'])
      data.append(slot, new Blob([new Uint8Array(await seededImage(seed++))], { type: 'image/png' }), `${slot}.png`);
    const res = await call(who, 'POST', '/api/identity', data);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().current.id as string;
  };
  const verify = (id: string) => call(admin, 'POST', `/api/admin/identities/${id}/verify`);

  beforeAll(async () => {
    t = await createTestApp({
      DEMO_MODE: 'true',
      TIER_LIMITS: 'true',
      LIMITS_EMAIL: 'deposit:500.00/1000.00,withdrawal:100.00/150.00',
      LIMITS_IDENTITY: 'deposit:-/-,withdrawal:1000.00/2000.00',
    });
    admin = await createAdmin(t);
    png = await sampleImage('png');
  });
  afterAll(async () => t.close());

  it('a withdrawal above the per-request limit is refused with the limit and how to raise it', async () => {
    const ana = await createUser(t);
    await fund(t.ctx, ana.id, 1000_00);
    expect(refusal(await withdraw(ana, '100.01'))).toEqual({
      code: 'withdrawal_limit_per_request',
      params: { max: '100.00', left: '100.00', tier: 'email', context: 'raise' },
    });
    expect((await withdraw(ana, '100.00')).statusCode).toBe(201);
  });

  it('withdrawals over 30 days: what is left shrinks, a request above it is refused, a rejected one no longer counts', async () => {
    const bo = await createUser(t);
    await fund(t.ctx, bo.id, 1000_00);
    expect(await limits(bo)).toEqual({
      enabled: true,
      tier: 'email',
      next: 'identity',
      limits: [
        {
          direction: 'deposit',
          perRequest: '500.00',
          rolling30Days: '1000.00',
          used: '0.00',
          left: '1000.00',
          nextRolling30Days: null,
          blocked: null,
          freesAt: null,
        },
        {
          direction: 'withdrawal',
          perRequest: '100.00',
          rolling30Days: '150.00',
          used: '0.00',
          left: '150.00',
          nextRolling30Days: '2000.00',
          blocked: null,
          freesAt: null,
        },
      ],
    });
    const first = await withdraw(bo, '100.00');
    expect(first.statusCode).toBe(201);
    expect((await limits(bo)).limits[1]).toMatchObject({ used: '100.00', left: '50.00' });
    expect(refusal(await withdraw(bo, '50.01'))).toEqual({
      code: 'withdrawal_limit_30_days',
      params: { max: '150.00', left: '50.00', tier: 'email', context: 'raise' },
    });
    // A rejected withdrawal released its hold: it no longer counts.
    const rejected = await call(admin, 'POST', `/api/admin/withdrawals/${first.json().id}/reject`, {
      reason: 'address_invalid',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await limits(bo)).limits[1]).toMatchObject({ used: '0.00', left: '150.00' });
    expect((await withdraw(bo, '100.00')).statusCode).toBe(201);
    expect((await withdraw(bo, '50.00')).statusCode).toBe(201);
    expect((await limits(bo)).limits[1]).toMatchObject({ used: '150.00', left: '0.00' });
  });

  it('two withdrawals at once at the 30-day limit: exactly one passes, decided in the movement', async () => {
    const cy = await createUser(t);
    await fund(t.ctx, cy.id, 1000_00);
    expect((await withdraw(cy, '60.00')).statusCode).toBe(201);
    // 90.00 left: each request fits alone (both pass the read before the plan), not both.
    const both = await Promise.all([withdraw(cy, '90.00'), withdraw(cy, '90.00')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toEqual({
      code: 'withdrawal_limit_30_days',
      params: { max: '150.00', left: '0.00', tier: 'email', context: 'raise' },
    });
    const held = await t.ctx.db
      .selectFrom('withdrawal_request')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('sum'))
      .where('user_id', '=', cy.id)
      .executeTakeFirst();
    expect(Number(held?.sum)).toBe(150_00);
  });

  it('deposits: the per-request and 30-day limits at filing, and again when the operator approves', async () => {
    const di = await createUser(t);
    expect(refusal(await fileDeposit(di, '500.01'))).toEqual({
      code: 'deposit_limit_per_request',
      params: { max: '500.00', left: '500.00', tier: 'email', context: 'raise' },
    });
    const a = await filed(di, '400.00');
    expect((await call(admin, 'POST', `/api/admin/deposits/${a}/approve`)).statusCode).toBe(200);
    // Both fit what is left (600.00) when filed and when each approval reads it; approved at once,
    // only one fits: the approval's plan decides.
    const b = await filed(di, '400.00');
    const c = await filed(di, '400.00');
    const approvals = await Promise.all([b, c].map((id) => call(admin, 'POST', `/api/admin/deposits/${id}/approve`)));
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(refusal(approvals.find((r) => r.statusCode === 409)!)).toEqual({
      code: 'deposit_limit_30_days',
      params: { max: '1000.00', left: '200.00', tier: 'email', amount: '400.00', context: 'operator_raise' },
    });
    const stillPending = approvals[0]!.statusCode === 409 ? b : c;
    // Nothing moved for the refused approval: the request is still pending, the balance holds two.
    const row = await t.ctx.db
      .selectFrom('deposit_request')
      .select('status')
      .where('id', '=', stillPending)
      .executeTakeFirst();
    expect(row?.status).toBe('pending');
    expect((await call(di, 'GET', '/api/me')).json().balance).toBe('800.00');
    expect(refusal(await fileDeposit(di, '200.01')).code).toBe('deposit_limit_30_days');
    expect((await limits(di)).limits[0]).toMatchObject({ used: '800.00', left: '200.00' });
  });

  it('a withdrawal racing the verification that raises the tier: judged by one tier, and the limit rises after', async () => {
    const ed = await createUser(t);
    await fund(t.ctx, ed.id, 5000_00);
    const identity = await submitIdentity(ed);
    const [verified, raced] = await Promise.all([verify(identity), withdraw(ed, '500.00')]);
    expect(verified.statusCode, verified.body).toBe(200);
    // Either the withdrawal read the e-mail tier (and its 100.00 per request refuses it) or it
    // read the verified identity (and its 1000.00 allows it); never anything else.
    if (raced.statusCode === 409)
      expect(raced.json().error).toEqual({
        code: 'withdrawal_limit_per_request',
        params: { max: '100.00', left: '100.00', tier: 'email', context: 'raise' },
      });
    else expect(raced.statusCode, raced.body).toBe(201);
    // The investor's limit rises: tier, limits and what is left say so, and the request passes.
    const view = await limits(ed);
    expect(view).toMatchObject({ tier: 'identity', next: null });
    expect(view.limits[1]).toMatchObject({ perRequest: '1000.00', rolling30Days: '2000.00' });
    expect((await withdraw(ed, '1000.00')).statusCode).toBe(201);
    expect(refusal(await withdraw(ed, '1000.01'))).toEqual({
      code: 'withdrawal_limit_per_request',
      params: { max: '1000.00', left: '1000.00', tier: 'identity' },
    });
  });

  it("the assistant states the investor's own limits: what is left, then the limit reached as a cause, and how to raise it", async () => {
    const facts = async (who: TestUser, topic: string) => {
      const res = await call(who, 'GET', `/api/assistant/facts/${topic}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().facts as { key: string; values: Record<string, { amount?: string }>; link?: string }[];
    };
    const eva = await createUser(t);
    await fund(t.ctx, eva.id, 1000_00);
    expect((await withdraw(eva, '100.00')).statusCode).toBe(201);

    expect(await facts(eva, 'limits')).toEqual([
      { key: 'limits.tier.email', values: {} },
      {
        key: 'limits.deposit.left',
        values: {
          left: { type: 'money', amount: '1000.00' },
          max: { type: 'money', amount: '1000.00' },
          used: { type: 'money', amount: '0.00' },
        },
      },
      { key: 'limits.deposit.perRequest', values: { max: { type: 'money', amount: '500.00' } } },
      {
        key: 'limits.withdrawal.left',
        values: {
          left: { type: 'money', amount: '50.00' },
          max: { type: 'money', amount: '150.00' },
          used: { type: 'money', amount: '100.00' },
        },
      },
      { key: 'limits.withdrawal.perRequest', values: { max: { type: 'money', amount: '100.00' } } },
      { key: 'limits.raise.identity', values: {}, link: '/profile' },
    ]);
    const open = await facts(eva, 'withdraw');
    expect(open.map((f) => f.key)).toEqual(['withdraw.limitLeftPerRequest', 'withdraw.pending', 'withdraw.open']);
    expect(open[0]!.values).toMatchObject({ left: { amount: '50.00' }, perRequest: { amount: '100.00' } });

    expect((await withdraw(eva, '50.00')).statusCode).toBe(201);
    const blocked = await facts(eva, 'withdraw');
    expect(blocked.map((f) => f.key)).toEqual([
      'withdraw.limitReached',
      'limits.raise.identity',
      'withdraw.pending',
      'withdraw.pending',
      'withdraw.balances',
    ]);
    expect(blocked[0]!.values).toMatchObject({ max: { amount: '150.00' }, used: { amount: '150.00' } });
    // The answer agrees with the form: the next cent is refused.
    expect(refusal(await withdraw(eva, '0.01')).code).toBe('withdrawal_limit_30_days');

    // The operators' queue shows the same standing on each of her requests.
    const queue = await call(admin, 'GET', '/api/admin/withdrawals?status=pending&limit=100');
    expect(queue.statusCode, queue.body).toBe(200);
    const hers = (queue.json().items as { user: { id: string; tier: string; limit: unknown } }[]).filter(
      (i) => i.user.id === eva.id,
    );
    expect(hers).toHaveLength(2);
    for (const item of hers)
      expect(item.user).toMatchObject({ tier: 'email', limit: { used: '150.00', max: '150.00' } });
  });

  it('the 30-day window rolls: what was used 31 days ago counts no more', async () => {
    const fa = await createUser(t);
    await fund(t.ctx, fa.id, 1000_00);
    expect((await withdraw(fa, '100.00')).statusCode).toBe(201);
    expect((await withdraw(fa, '50.00')).statusCode).toBe(201);
    expect(refusal(await withdraw(fa, '1.00')).code).toBe('withdrawal_limit_30_days');
    t.clock.advance(31 * DAY_MS);
    expect((await limits(fa)).limits[1]).toMatchObject({ used: '0.00', left: '150.00' });
    expect((await withdraw(fa, '100.00')).statusCode).toBe(201);
  });
});

describe(`limits off by default outside production (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(async () => t.close());

  it('nothing is refused, and the investor sees their tier with limits off', async () => {
    const gi = await createUser(t);
    await fund(t.ctx, gi.id, 100_000_00);
    const res = await callAs(t, gi, 'POST', '/api/withdrawals', { amount: '50000.00', crypto: 'BTC', address: BTC });
    expect(res.statusCode, res.body).toBe(201);
    const view = await callAs(t, gi, 'GET', '/api/limits');
    expect(view.json()).toEqual({ enabled: false, tier: 'email', next: 'identity', limits: [] });
  });
});
