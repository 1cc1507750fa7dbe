import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { createAdmin, createUser, type TestUser } from '../support/users';

type Fact = { key: string; values: Record<string, { type: string; amount?: string; at?: string; value?: unknown }> };

describe(`the assistant's account facts over HTTP (${testDialect})`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let png: Buffer;

  const get = (who: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const post = (who: TestUser, url: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as never, headers: { cookie: who.cookie } });
  const facts = async (who: TestUser, topic: string): Promise<Fact[]> => {
    const res = await get(who, `/api/assistant/facts/${topic}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return (res.json() as { facts: Fact[] }).facts;
  };
  const deposit = async (who: TestUser, amount: string) => {
    const data = new FormData();
    data.append('amount', amount);
    data.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    const res = await post(who, '/api/deposits', data);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
    alice = await createUser(t, { firstName: 'Alice', lastName: 'Martin' });
    bob = await createUser(t, { firstName: 'Bob', lastName: 'Durand' });
    admin = await createAdmin(t);
    png = await sampleImage('png');
    await fund(t.ctx, alice.id, 200_000);
  });
  afterAll(async () => t.close());

  it('refuses a visitor and an unknown topic', async () => {
    expect((await get(null, '/api/assistant/facts/withdraw')).statusCode).toBe(401);
    const res = await get(alice, '/api/assistant/facts/lottery');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('gives the exact end of the 30-day lock after a first investment, and the value and stop date of the investment', async () => {
    const invested = await post(alice, '/api/investments', { area: 'stocks', amount: '500' });
    expect(invested.statusCode).toBe(201);
    const created = (
      await t.ctx.db
        .selectFrom('investment')
        .select('created_at')
        .where('user_id', '=', alice.id)
        .executeTakeFirstOrThrow()
    ).created_at;

    const withdraw = await facts(alice, 'withdraw');
    expect(withdraw.map((f) => f.key)).toEqual(['withdraw.locked', 'withdraw.balances']);
    expect(withdraw[0]!.values.until).toEqual({
      type: 'datetime',
      at: new Date(Date.parse(created) + 30 * DAY_MS).toISOString(),
    });
    expect(withdraw[0]!.values.days).toEqual({ type: 'count', value: 30 });
    expect(withdraw[1]!.values).toMatchObject({ available: { amount: '1500.00' }, invested: { amount: '500.00' } });

    // "Combien j'ai investi ?" (issue 46, item 8): the amount, per area, and the balance.
    expect(await facts(alice, 'portfolio')).toEqual([
      {
        key: 'portfolio.invested',
        values: {
          invested: { type: 'money', amount: '500.00' },
          value: { type: 'money', amount: '500.00' },
          count: { type: 'count', value: 1 },
        },
        link: '/portfolio',
      },
      {
        key: 'portfolio.area',
        values: {
          area: { type: 'area', value: 'stocks' },
          invested: { type: 'money', amount: '500.00' },
          value: { type: 'money', amount: '500.00' },
        },
      },
      { key: 'portfolio.available', values: { available: { type: 'money', amount: '1500.00' } }, link: '/invest' },
    ]);
    expect((await facts(bob, 'portfolio')).map((f) => f.key)).toEqual(['portfolio.none', 'portfolio.available']);

    const stop = await facts(alice, 'stop');
    expect(stop).toEqual([
      {
        key: 'stop.locked',
        values: {
          area: { type: 'area', value: 'stocks' },
          amount: { type: 'money', amount: '500.00' },
          value: { type: 'money', amount: '500.00' },
          until: { type: 'datetime', at: new Date(Date.parse(created) + 5 * DAY_MS).toISOString() },
          days: { type: 'count', value: 5 },
        },
        link: '/portfolio',
      },
    ]);
  });

  it('places a waiting deposit in the review queue behind the ones sent before it, and not behind later ones', async () => {
    await deposit(bob, '20.00');
    const mine = await deposit(alice, '75.00');
    await deposit(bob, '30.00');
    const [fact] = await facts(alice, 'deposit');
    expect(fact).toMatchObject({
      key: 'deposit.pending',
      // Just sent: "a few minutes", never "0 h" (issue 46, item 9).
      values: { amount: { amount: '75.00' }, position: { value: 2 }, waited: { type: 'duration', unit: 'moments' } },
    });

    // A rejection by a catalogue reason (issue 26): its internal note never reaches the investor.
    const reject = await post(admin, `/api/admin/deposits/${mine.id}/reject`, {
      reason: 'proof_unreadable',
      note: 'internal only',
    });
    expect(reject.statusCode).toBe(200);
    const [rejected] = await facts(alice, 'deposit');
    // The catalogue's reason, as the history shows it (issue 46, item 7), never the old generic text.
    expect(rejected).toMatchObject({
      key: 'deposit.rejectedReason',
      values: { amount: { amount: '75.00' }, reason: { type: 'reason', value: 'proof_unreadable' } },
      link: '/cashier',
    });
    expect(JSON.stringify(rejected)).not.toContain('internal only');
  });

  it('explains a rejection by the reason of the history: "amount_mismatch", and a final reason only as declined', async () => {
    const carol = await createUser(t, { firstName: 'Carol', lastName: 'Petit' });
    const first = await deposit(carol, '40.00');
    expect(
      (await post(admin, `/api/admin/deposits/${first.id}/reject`, { reason: 'amount_mismatch' })).statusCode,
    ).toBe(200);
    const history = (await get(carol, '/api/cashier/history')).json() as {
      deposits: { id: string; rejection: { reason: string } | null }[];
    };
    const shown = history.deposits.find((d) => d.id === first.id)!.rejection!.reason;
    expect(shown).toBe('amount_mismatch');
    expect((await facts(carol, 'deposit'))[0]).toMatchObject({
      key: 'deposit.rejectedReason',
      values: { reason: { type: 'reason', value: shown } },
    });

    const second = await deposit(carol, '41.00');
    expect(
      (await post(admin, `/api/admin/deposits/${second.id}/reject`, { reason: 'compliance_screening' })).statusCode,
    ).toBe(200);
    const [declined] = await facts(carol, 'deposit');
    expect(declined).toMatchObject({ values: { reason: { type: 'reason', value: 'request_declined' } } });
    expect(JSON.stringify(declined)).not.toContain('compliance');
  });

  it('never shows one investor the facts of another', async () => {
    const bobs = await facts(bob, 'deposit');
    expect(bobs.map((f) => f.key)).toEqual(['deposit.pending', 'deposit.pending']);
    expect(JSON.stringify(bobs)).not.toContain('75.00');
    expect(await facts(bob, 'stop')).toEqual([{ key: 'stop.none', values: {}, link: '/invest' }]);
  });

  it('says a transfer arrived, to the sender and to the recipient, with the other UID', async () => {
    const sent = await post(alice, '/api/transfers', { recipientUid: bob.uid, amount: '12.50' });
    expect(sent.statusCode).toBe(201);
    expect(await facts(alice, 'transfer')).toMatchObject([
      { key: 'transfer.sent', values: { amount: { amount: '12.50' }, uid: { value: bob.uid } } },
    ]);
    expect(await facts(bob, 'transfer')).toMatchObject([
      { key: 'transfer.received', values: { amount: { amount: '12.50' }, uid: { value: alice.uid } } },
    ]);
  });

  it('says no limit applies where the operator has not turned limits on', async () => {
    expect(await facts(alice, 'limits')).toEqual([{ key: 'limits.off', values: {} }]);
    expect((await facts(alice, 'withdraw')).some((f) => f.key.startsWith('withdraw.limit'))).toBe(false);
  });

  it('follows the clock: the investment can be stopped after 5 days, withdrawals open after 30', async () => {
    t.clock.advance(5 * DAY_MS);
    expect((await facts(alice, 'stop'))[0]?.key).toBe('stop.ready');
    t.clock.advance(25 * DAY_MS);
    expect((await facts(alice, 'withdraw')).map((f) => f.key)).toEqual(['withdraw.open']);
  });
});
