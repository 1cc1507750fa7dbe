import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coinToCents } from '../../src/core/coins';
import { toDecimalString } from '../../src/core/money';
import { CHAIN_POLICY_ACTOR, type ChainCredit } from '../../src/server/modules/chain/chain-credit.service';
import type { ChainWatch } from '../../src/server/modules/chain/chain-watch.service';
import type { TestApp } from '../support/app';
import type { TestChain } from '../support/chain';
import { startChainTestApp, type ChainTestApp } from '../support/chain-app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { priceBody, type StubPriceServer } from '../support/price-stub';
import { callAs, createAdmin, createUser, type TestUser } from '../support/users';

const RATE = '65000.00';

/**
 * What a confirmed payment becomes (issue 45, points 4 and 5; decision 059): a deposit with its
 * evidence at the rate of confirmation, credited by the policy below CHAIN_AUTO_CREDIT_BELOW or by
 * an operator above it; a refund below the minimum or after closure was asked; never twice.
 */
describe(`chain payments become deposits (${testDialect})`, () => {
  let t: TestApp;
  let chain: TestChain;
  let app: ChainTestApp;
  let prices: StubPriceServer;
  let watch: ChainWatch;
  let credit: ChainCredit;
  let operator: TestUser;
  const as = (who: TestUser | null) => ({
    get: (url: string) => callAs(t, who, 'GET', url),
    post: (url: string, body: unknown = {}) => callAs(t, who, 'POST', url, body),
  });

  const addressOf = async (who: TestUser) => {
    const res = await as(who).get('/api/deposits/addresses');
    return (res.json() as { addresses: Array<{ coin: string; address: string }> }).addresses.find(
      (a) => a.coin === 'BTC',
    )!.address;
  };
  /** Pays `who`, mines it and enough blocks to confirm it (2), and runs the watcher. */
  const payAndConfirm = async (who: TestUser, sats: number) => {
    const tx = chain.pay([[await addressOf(who), sats]]);
    chain.mine([tx]);
    chain.mine();
    await watch.run();
    return tx.txid;
  };
  const depositOf = (txid: string) =>
    t.ctx.db.selectFrom('deposit_request').selectAll().where('chain_txid', '=', txid).execute();
  const paymentOf = async (txid: string) =>
    t.ctx.db.selectFrom('chain_payment').selectAll().where('txid', '=', txid).executeTakeFirstOrThrow();
  const balanceOf = async (who: TestUser) => ((await as(who).get('/api/me')).json() as { balance: string }).balance;
  const counts = async () => ({
    deposits: Number(
      (
        await t.ctx.db
          .selectFrom('deposit_request')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    ),
    journal: Number(
      (
        await t.ctx.db
          .selectFrom('ledger_tx')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    ),
    audit: Number(
      (
        await t.ctx.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    ),
  });

  beforeAll(async () => {
    app = await startChainTestApp(
      {
        CHAIN_MIN_DEPOSIT: '10.00',
        CHAIN_AUTO_CREDIT_BELOW: '100.00',
        DUAL_CONTROL_FROM: '1000.00',
      },
      RATE,
    );
    ({ t, chain, prices, watch, credit } = app);
    operator = await createAdmin(t);
    await watch.run();
  });
  afterAll(async () => app.close());
  // Each test starts at RATE: no price of an earlier test stored or cached.
  beforeEach(async () => {
    prices.behave({ status: 200, body: priceBody(RATE, 'BTC'), delayMs: 0 }, 'BTC');
    await t.ctx.db.deleteFrom('price_snapshot').execute();
    t.app.services.rates.invalidate('BTC');
  });

  it('below the policy: credited at the rate of confirmation, under the system actor, once', async () => {
    const ana = await createUser(t);
    const txid = await payAndConfirm(ana, 125_000);
    const cents = coinToCents('BTC', 125_000n, RATE);
    expect(cents).toBe(8125);

    await credit.run();
    await credit.run();
    const deposits = await depositOf(txid);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      user_id: ana.id,
      status: 'approved',
      processed_by: CHAIN_POLICY_ACTOR,
      proof_path: null,
      chain_coin: 'BTC',
      chain_vout: 0,
      coin_amount: '125000',
    });
    expect(Number(deposits[0]!.amount_cents)).toBe(cents);
    expect(Number(deposits[0]!.rate_micros)).toBe(65_000_000_000);
    expect(deposits[0]!.tx_id).not.toBeNull();
    expect(await balanceOf(ana)).toBe(toDecimalString(cents));
    expect((await paymentOf(txid)).credited_at).not.toBeNull();

    const trail = await t.ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', deposits[0]!.id).execute();
    expect(trail.map((r) => [r.actor_id, r.action])).toEqual([[CHAIN_POLICY_ACTOR, 'deposit.approve']]);

    // The person sees what it became, in dollars and at which rate.
    const seen = (await as(ana).get('/api/deposits/chain-payments')).json();
    expect(seen.minimum).toBe('10.00');
    expect(seen.payments[0]).toMatchObject({
      txid,
      amount: '0.00125',
      state: 'confirmed',
      outcome: { kind: 'credited', amount: '81.25', rate: '65000.00', refunded: false },
    });
  });

  it('at or above the policy: a deposit with its evidence for the operators, credited by their approval', async () => {
    const ben = await createUser(t);
    const txid = await payAndConfirm(ben, 200_000);
    await credit.run();
    const [deposit] = await depositOf(txid);
    expect(deposit).toMatchObject({ status: 'pending', processed_by: null });
    expect(Number(deposit!.amount_cents)).toBe(13_000);
    expect(await balanceOf(ben)).toBe('0.00');

    const queue = (await as(operator).get('/api/admin/deposits?status=pending')).json() as {
      items: Array<{ id: string; chain: unknown; hasProof: boolean; amount: string }>;
    };
    const card = queue.items.find((d) => d.id === deposit!.id)!;
    expect(card).toMatchObject({ amount: '130.00', hasProof: false });
    expect(card.chain).toMatchObject({
      coin: 'BTC',
      txid,
      vout: 0,
      coinAmount: '0.002',
      rate: '65000.00',
      state: 'confirmed',
      blockHeight: expect.any(Number),
      confirmations: 2,
      required: 2,
    });
    expect((await as(ben).get('/api/deposits/chain-payments')).json().payments[0].outcome).toMatchObject({
      kind: 'under_review',
      amount: '130.00',
    });

    const approved = await as(operator).post(`/api/admin/deposits/${deposit!.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balanceOf(ben)).toBe('130.00');
    expect((await paymentOf(txid)).credited_at).not.toBeNull();
  });

  it('an approval is refused once the payment left the chain, and nothing is written', async () => {
    const cy = await createUser(t);
    const txid = await payAndConfirm(cy, 300_000);
    await credit.run();
    const [deposit] = await depositOf(txid);
    expect(deposit!.status).toBe('pending');

    // A longer branch from below the payment's block, without it: a reorganisation.
    chain.reorg(2);
    for (let i = 0; i < 3; i++) chain.mine();
    await watch.run();
    expect((await paymentOf(txid)).state).toBe('orphaned');
    const before = await counts();
    const refused = await as(operator).post(`/api/admin/deposits/${deposit!.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('chain_payment_not_confirmed');
    expect(await counts()).toEqual(before);
    expect(await balanceOf(cy)).toBe('0.00');
    expect((await paymentOf(txid)).credited_at).toBeNull();
    const card = (
      (await as(operator).get('/api/admin/deposits?status=pending')).json() as {
        items: Array<{ id: string; chain: { state: string; blockHeight: number | null } }>;
      }
    ).items.find((d) => d.id === deposit!.id)!;
    expect(card.chain).toMatchObject({ state: 'orphaned', blockHeight: null });
  });

  it('below the minimum: not credited, in the refunds queue, refunded once with its transaction', async () => {
    const dee = await createUser(t);
    const txid = await payAndConfirm(dee, 10_000); // $6.50
    await credit.run();
    expect(await depositOf(txid)).toHaveLength(0);
    expect(await paymentOf(txid)).toMatchObject({ refund_reason: 'below_minimum' });
    expect(Number((await paymentOf(txid)).refund_cents)).toBe(650);
    expect((await as(dee).get('/api/deposits/chain-payments')).json().payments[0].outcome).toEqual({
      kind: 'below_minimum',
      amount: '6.50',
      rate: '65000.00',
      refunded: false,
    });

    expect((await as(dee).get('/api/admin/chain/refunds')).statusCode).toBe(403);
    const open = (await as(operator).get('/api/admin/chain/refunds')).json().items as Array<{ txid: string }>;
    expect(open.find((r) => r.txid === txid)).toMatchObject({
      reason: 'below_minimum',
      amount: '0.0001',
      worth: '6.50',
      user: { id: dee.id },
      refund: null,
    });

    const url = `/api/admin/chain/refunds/BTC/${txid}/0`;
    const before = await counts();
    const bad = await as(operator).post(url, { txid: 'not-a-transaction' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'chain_refund_txid_invalid']);
    expect(await counts()).toEqual(before);
    expect((await as(dee).post(url, { txid: 'ab'.repeat(32) })).statusCode).toBe(403);

    const done = await as(operator).post(url, { txid: 'AB'.repeat(32) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().refund).toMatchObject({ txid: 'ab'.repeat(32), by: operator.id });
    const again = await as(operator).post(url, { txid: 'cd'.repeat(32) });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'chain_refund_closed']);
    expect((await paymentOf(txid)).refunded_txid).toBe('ab'.repeat(32));
    const trail = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'chain_refund.record')
      .where('target_id', '=', `BTC:${txid}:0`)
      .execute();
    expect(trail).toHaveLength(1);
    expect(
      (await as(operator).get('/api/admin/chain/refunds')).json().items.map((r: { txid: string }) => r.txid),
    ).not.toContain(txid);
    expect(
      (await as(operator).get('/api/admin/chain/refunds?state=done')).json().items.map((r: { txid: string }) => r.txid),
    ).toContain(txid);
  });

  it('after closure was asked: not credited, refunded instead', async () => {
    const eve = await createUser(t);
    const address = await addressOf(eve);
    const asked = await as(eve).post('/api/closure', { password: eve.password });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const tx = chain.pay([[address, 500_000]]);
    chain.mine([tx]);
    chain.mine();
    await watch.run();
    await credit.run();
    expect(await depositOf(tx.txid)).toHaveLength(0);
    expect(await paymentOf(tx.txid)).toMatchObject({ refund_reason: 'closing', credited_at: null });
  });

  it('without a fresh rate the payment waits, and is credited once the rate is back', async () => {
    const fay = await createUser(t);
    prices.behave({ status: 503, body: '{}', delayMs: 0 }, 'BTC');
    await t.ctx.db.deleteFrom('price_snapshot').execute();
    t.app.services.rates.invalidate('BTC');
    const txid = await payAndConfirm(fay, 100_000);
    await credit.run();
    expect(await depositOf(txid)).toHaveLength(0);
    expect(await paymentOf(txid)).toMatchObject({ deposit_id: null, refund_reason: null });

    prices.behave({ status: 200, body: priceBody('70000.00', 'BTC'), delayMs: 0 }, 'BTC');
    t.app.services.rates.invalidate('BTC');
    await credit.run();
    const [deposit] = await depositOf(txid);
    expect(Number(deposit!.amount_cents)).toBe(7000);
    expect(deposit!.status).toBe('approved');
  });

  it('two passes at once make one deposit of one payment', async () => {
    const gus = await createUser(t);
    const txid = await payAndConfirm(gus, 150_000);
    await Promise.all([credit.run(), credit.run(), credit.run()]);
    expect(await depositOf(txid)).toHaveLength(1);
    expect(await balanceOf(gus)).toBe('97.50');
    // The output is unique across deposits in the database itself, not only in code.
    const [deposit] = await depositOf(txid);
    await expect(
      t.ctx.db
        .insertInto('deposit_request')
        .values({ ...deposit!, id: `${deposit!.id}-copy`, root_id: `${deposit!.id}-copy`, tx_id: null })
        .execute(),
    ).rejects.toThrow();
  });
  /**
   * A coin followed on chain is never declared with a screenshot (decision 062): the payment becomes
   * a deposit by itself, and a declaration beside it would let one payment be credited twice.
   */
  describe('the screenshot form, for a coin followed on chain', () => {
    const declare = async (who: TestUser, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('proof', new Blob([new Uint8Array(await sampleImage('png'))], { type: 'image/png' }), 'p.png');
      return t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        payload: form as never,
        headers: { cookie: who.cookie },
      });
    };

    it('lists the address as followed, and refuses a declaration for it, named or implied, writing nothing', async () => {
      const hal = await createUser(t);
      const listed = (await as(hal).get('/api/deposits/addresses')).json() as {
        addresses: Array<{ coin: string; own?: true; followed?: true }>;
      };
      expect(listed.addresses).toEqual([expect.objectContaining({ coin: 'BTC', own: true, followed: true })]);
      const before = await counts();
      for (const fields of [{ amount: '120.00', coin: 'BTC' }, { amount: '120.00' }] as Array<Record<string, string>>) {
        const refused = await declare(hal, fields);
        expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'deposit_coin_on_chain']);
      }
      expect(await counts()).toEqual(before);
    });

    it('a chain deposit an operator rejects cannot be corrected with a screenshot: it goes to the refunds', async () => {
      const ivy = await createUser(t);
      const txid = await payAndConfirm(ivy, 400_000); // $260, above the policy
      await credit.run();
      const [deposit] = await depositOf(txid);
      const rejected = await as(operator).post(`/api/admin/deposits/${deposit!.id}/reject`, {
        reason: 'funds_not_received',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const row = await t.ctx.db
        .selectFrom('deposit_request')
        .select(['status', 'reason_retryable'])
        .where('id', '=', deposit!.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'rejected', reason_retryable: 0 });
      const before = await counts();
      const correction = await declare(ivy, { amount: '260.00', previousId: deposit!.id });
      expect([correction.statusCode, correction.json().error.code]).toEqual([409, 'correction_not_allowed']);
      expect(await counts()).toEqual(before);
      const open = (await as(operator).get('/api/admin/chain/refunds')).json().items as Array<{ txid: string }>;
      expect(open.map((r) => r.txid)).toContain(txid);
    });
  });
});
