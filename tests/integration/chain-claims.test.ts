import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coinToCents } from '../../src/core/coins';
import { toDecimalString } from '../../src/core/money';
import { CHAIN_POLICY_ACTOR } from '../../src/server/modules/chain/chain-credit.service';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { startStubPriceServer, type StubPriceServer } from '../support/price-stub';
import { solanaAddress, solanaSignature, startSolanaPeer, type SolanaPeer } from '../support/solana-peer';
import { startTronPeer, tronAddress, type TronPeer } from '../support/tron-peer';
import { callAs, createAdmin, createUser, type TestUser } from '../support/users';

const TRON_PLATFORM = tronAddress();
const SOL_PLATFORM = solanaAddress();
/** The price stub's starting rates (tests/support/price-stub.ts). */
const USDT_RATE = '0.999871';
const SOL_RATE = '150.00';
const HEX64 = 'ab'.repeat(32);

/**
 * Deposits to the platform's one USDT (TRC-20) or SOL address, claimed by transaction id (issue 45,
 * point 3; decision 060): checked through local TronGrid- and Solana-RPC-shaped servers replaying
 * those APIs' published formats; every refusal a stable code with nothing written; a transfer
 * credited once whoever claims it and however often; a provider down or slow ends the request.
 */
describe(`deposits claimed by transaction id (${testDialect})`, () => {
  let t: TestApp;
  let tron: TronPeer;
  let sol: SolanaPeer;
  let prices: StubPriceServer;
  let operator: TestUser;

  const claim = (who: TestUser | null, coin: string, txid: string) =>
    callAs(t, who, 'POST', '/api/deposits/chain-claims', { coin, txid });
  const count = async (table: 'chain_payment' | 'deposit_request' | 'ledger_tx') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  const counts = async () => ({
    payments: await count('chain_payment'),
    deposits: await count('deposit_request'),
    journal: await count('ledger_tx'),
  });
  const depositsOf = (txid: string) =>
    t.ctx.db.selectFrom('deposit_request').selectAll().where('chain_txid', '=', txid).execute();
  const balanceOf = async (who: TestUser) =>
    ((await callAs(t, who, 'GET', '/api/me')).json() as { balance: string }).balance;
  /** Registers a fresh sending address for `who` (decision 063) and returns it. */
  const sender = async (who: TestUser, coin: 'USDT_TRC20' | 'SOL') => {
    const address = coin === 'SOL' ? solanaAddress() : tronAddress();
    const res = await callAs(t, who, 'POST', '/api/deposits/chain-senders', { coin, address });
    expect(res.statusCode, res.body).toBe(201);
    return address;
  };
  /** Claims that must be refused with `status`/`code`, writing nothing. */
  const refused = async (who: TestUser, coin: string, txid: string, status: number, code: string) => {
    const before = await counts();
    const res = await claim(who, coin, txid);
    expect([res.statusCode, res.json().error?.code]).toEqual([status, code]);
    expect(await counts()).toEqual(before);
  };

  beforeAll(async () => {
    tron = await startTronPeer();
    sol = await startSolanaPeer();
    prices = await startStubPriceServer();
    t = await createTestApp({
      DEMO_MODE: 'false',
      DEPOSIT_ADDRESS_USDT_TRC20: TRON_PLATFORM,
      DEPOSIT_ADDRESS_SOL: SOL_PLATFORM,
      TRONGRID_URL: tron.url,
      SOLANA_RPC_URL: sol.url,
      CHAIN_CLAIM_TIMEOUT_MS: '500',
      USDT_PRICE_URL: prices.urlOf('USDT'),
      SOL_PRICE_URL: prices.urlOf('SOL'),
      BTC_PRICE_TIMEOUT_MS: '2000',
      CHAIN_MIN_DEPOSIT: '10.00',
      CHAIN_AUTO_CREDIT_BELOW: '100.00',
      DUAL_CONTROL_FROM: '1000.00',
    });
    operator = await createAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await tron.close();
    await sol.close();
    await prices.close();
  });
  beforeEach(() => {
    tron.mode = 'ok';
    sol.mode = 'ok';
  });

  it('TRON: a USDT transfer to the platform is credited at the rate, with its evidence, once', async () => {
    const ana = await createUser(t);
    const txid = tron.transfer({ to: TRON_PLATFORM, amount: 50_000_000n, from: await sender(ana, 'USDT_TRC20') });
    const res = await claim(ana, 'USDT_TRC20', txid.toUpperCase());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ coin: 'USDT_TRC20', txid, amount: '50' });

    const cents = coinToCents('USDT_TRC20', 50_000_000n, USDT_RATE);
    expect(cents).toBe(4999);
    const deposits = await depositsOf(txid);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      user_id: ana.id,
      status: 'approved',
      processed_by: CHAIN_POLICY_ACTOR,
      amount_cents: cents,
      chain_coin: 'USDT_TRC20',
      chain_vout: 0,
      coin_amount: '50000000',
      deposit_address: TRON_PLATFORM,
    });
    expect(String(deposits[0]!.rate_micros)).toBe('999871');
    expect(await balanceOf(ana)).toBe(toDecimalString(cents));

    const seen = (await callAs(t, ana, 'GET', '/api/deposits/chain-payments')).json();
    expect(seen.claims).toEqual([
      { coin: 'USDT_TRC20', address: TRON_PLATFORM },
      { coin: 'SOL', address: SOL_PLATFORM },
    ]);
    expect(seen.payments[0]).toMatchObject({
      coin: 'USDT_TRC20',
      txid,
      amount: '50',
      state: 'confirmed',
      outcome: { kind: 'credited', amount: '49.99', rate: USDT_RATE, refunded: false },
    });

    // Again, by the same person or anyone else: refused, nothing more written.
    const bob = await createUser(t);
    await refused(ana, 'USDT_TRC20', txid, 409, 'chain_tx_already_claimed');
    await refused(bob, 'USDT_TRC20', txid, 409, 'chain_tx_already_claimed');
    expect(await balanceOf(bob)).toBe('0.00');
  });

  it('SOL: a system transfer to the platform is credited at the rate, with its evidence, once', async () => {
    const ana = await createUser(t);
    const signature = sol.transfer({ to: SOL_PLATFORM, lamports: 500_000_000n, from: await sender(ana, 'SOL') });
    const res = await claim(ana, 'SOL', `  ${signature} `);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ coin: 'SOL', txid: signature, amount: '0.5' });
    const cents = coinToCents('SOL', 500_000_000n, SOL_RATE);
    expect(cents).toBe(7500);
    const deposits = await depositsOf(signature);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      user_id: ana.id,
      status: 'approved',
      amount_cents: 7500,
      chain_coin: 'SOL',
      chain_vout: 0,
      coin_amount: '500000000',
      deposit_address: SOL_PLATFORM,
    });
    expect(String(deposits[0]!.rate_micros)).toBe('150000000');
    expect(await balanceOf(ana)).toBe('75.00');
    await refused(await createUser(t), 'SOL', signature, 409, 'chain_tx_already_claimed');
  });

  it('bad input: a clear code, nothing written', async () => {
    const ana = await createUser(t);
    // An unknown coin, or one not claimed by transaction id.
    await refused(ana, 'DOGE', HEX64, 400, 'chain_claim_coin_unknown');
    await refused(ana, 'BTC', HEX64, 400, 'chain_claim_coin_unknown');
    // An id of the wrong shape for the coin.
    await refused(ana, 'USDT_TRC20', 'not-a-txid', 400, 'chain_claim_txid_invalid');
    await refused(ana, 'USDT_TRC20', `0x${HEX64}`, 400, 'chain_claim_txid_invalid');
    await refused(ana, 'SOL', HEX64, 400, 'chain_claim_txid_invalid');
    await refused(
      ana,
      'SOL',
      sol.transfer({ to: SOL_PLATFORM, lamports: 1n }).slice(0, 40),
      400,
      'chain_claim_txid_invalid',
    );
    // Unknown to the chain.
    await refused(ana, 'USDT_TRC20', HEX64, 404, 'chain_tx_not_found');
    await refused(ana, 'SOL', solanaSignature(), 404, 'chain_tx_not_found');
    // To another address, or another token.
    await refused(
      ana,
      'USDT_TRC20',
      tron.transfer({ to: tronAddress(), amount: 9_000_000n }),
      400,
      'chain_tx_wrong_destination',
    );
    await refused(
      ana,
      'USDT_TRC20',
      tron.transfer({ to: TRON_PLATFORM, amount: 9_000_000n, contract: tronAddress() }),
      400,
      'chain_tx_wrong_destination',
    );
    await refused(ana, 'SOL', sol.transfer({ to: solanaAddress(), lamports: 9n }), 400, 'chain_tx_wrong_destination');
    // Failed on chain.
    await refused(
      ana,
      'USDT_TRC20',
      tron.transfer({ to: TRON_PLATFORM, amount: 9_000_000n, failed: true }),
      400,
      'chain_tx_failed',
    );
    await refused(ana, 'SOL', sol.transfer({ to: SOL_PLATFORM, lamports: 9n, failed: true }), 400, 'chain_tx_failed');
    // Missing fields: the contract's own refusal.
    const res = await callAs(t, ana, 'POST', '/api/deposits/chain-claims', { coin: 'SOL' });
    expect(res.statusCode).toBe(400);
    // Anonymous.
    expect((await claim(null, 'SOL', HEX64)).statusCode).toBe(401);
  });

  it('a provider that lies is refused (the id, the amount, the balances): nothing written', async () => {
    const ana = await createUser(t);
    await refused(
      ana,
      'USDT_TRC20',
      tron.transfer({ to: TRON_PLATFORM, amount: 9_000_000n, lieHash: true }),
      503,
      'chain_provider_unavailable',
    );
    await refused(
      ana,
      'USDT_TRC20',
      tron.transfer({ to: TRON_PLATFORM, amount: 9_000_000n, lieAmount: 900_000_000n }),
      503,
      'chain_provider_unavailable',
    );
    await refused(
      ana,
      'SOL',
      sol.transfer({ to: SOL_PLATFORM, lamports: 9n, lieSignature: true }),
      503,
      'chain_provider_unavailable',
    );
    await refused(
      ana,
      'SOL',
      sol.transfer({ to: SOL_PLATFORM, lamports: 9n, lieBalances: true }),
      503,
      'chain_provider_unavailable',
    );
  });

  it('not final yet: refused with "try again", then credited once final', async () => {
    const ana = await createUser(t);
    const txid = tron.transfer({
      to: TRON_PLATFORM,
      amount: 20_000_000n,
      final: false,
      from: await sender(ana, 'USDT_TRC20'),
    });
    await refused(ana, 'USDT_TRC20', txid, 409, 'chain_tx_not_final');
    const signature = sol.transfer({
      to: SOL_PLATFORM,
      lamports: 100_000_000n,
      final: false,
      from: await sender(ana, 'SOL'),
    });
    await refused(ana, 'SOL', signature, 409, 'chain_tx_not_final');
    tron.solidify(txid);
    sol.finalize(signature);
    expect((await claim(ana, 'USDT_TRC20', txid)).statusCode).toBe(201);
    expect((await claim(ana, 'SOL', signature)).statusCode).toBe(201);
    expect(await depositsOf(txid)).toHaveLength(1);
    expect(await depositsOf(signature)).toHaveLength(1);
  });

  it('a provider down or slow: the request ends, nothing written; the retry credits once', async () => {
    const ana = await createUser(t);
    const txid = tron.transfer({ to: TRON_PLATFORM, amount: 30_000_000n, from: await sender(ana, 'USDT_TRC20') });
    const signature = sol.transfer({ to: SOL_PLATFORM, lamports: 200_000_000n, from: await sender(ana, 'SOL') });
    tron.mode = 'down';
    sol.mode = 'down';
    await refused(ana, 'USDT_TRC20', txid, 503, 'chain_provider_unavailable');
    await refused(ana, 'SOL', signature, 503, 'chain_provider_unavailable');
    // Slow: the timeout (500 ms here) ends the request long before the peer would answer.
    tron.mode = 'slow';
    sol.mode = 'slow';
    await refused(ana, 'USDT_TRC20', txid, 503, 'chain_provider_unavailable');
    await refused(ana, 'SOL', signature, 503, 'chain_provider_unavailable');
    tron.mode = 'ok';
    sol.mode = 'ok';
    expect((await claim(ana, 'USDT_TRC20', txid)).statusCode).toBe(201);
    expect((await claim(ana, 'SOL', signature)).statusCode).toBe(201);
    expect(await depositsOf(txid)).toHaveLength(1);
    expect(await depositsOf(signature)).toHaveLength(1);
    expect(await balanceOf(ana)).toBe(
      toDecimalString(coinToCents('USDT_TRC20', 30_000_000n, USDT_RATE) + coinToCents('SOL', 200_000_000n, SOL_RATE)),
    );
  });

  it('the same transaction claimed at once, twice by its sender and by an observer: credited once, to its sender', async () => {
    const [ana, bob] = [await createUser(t), await createUser(t)];
    for (const [coin, txid] of [
      ['USDT_TRC20', tron.transfer({ to: TRON_PLATFORM, amount: 40_000_000n, from: await sender(ana, 'USDT_TRC20') })],
      ['SOL', sol.transfer({ to: SOL_PLATFORM, lamports: 300_000_000n, from: await sender(ana, 'SOL') })],
    ] as const) {
      const results = await Promise.all([claim(ana, coin, txid), claim(ana, coin, txid), claim(bob, coin, txid)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      const codes = results.filter((r) => r.statusCode === 409).map((r) => r.json().error.code);
      // The sender's second claim meets the first's row (the primary key decides); the observer, who
      // registered nothing, is refused whoever came first (or meets the row the same way).
      expect(codes).toContain('chain_tx_already_claimed');
      expect(['chain_tx_already_claimed', 'chain_tx_sender_unregistered']).toEqual(expect.arrayContaining(codes));
      const deposits = await depositsOf(txid);
      expect(deposits).toHaveLength(1);
      expect(deposits[0]!.user_id).toBe(ana.id);
      const payments = await t.ctx.db.selectFrom('chain_payment').selectAll().where('txid', '=', txid).execute();
      expect(payments).toHaveLength(1);
      expect(payments[0]!.user_id).toBe(ana.id);
    }
    expect(await balanceOf(bob)).toBe('0.00');
  });

  it('a transaction id is public: only the person who registered its sending address before paying can claim it (decision 063)', async () => {
    const [ana, eve] = [await createUser(t), await createUser(t)];
    // Sent from an address nobody registered: refused for anyone, even for the one who registers it now.
    const unknownFrom = tronAddress();
    const early = tron.transfer({ to: TRON_PLATFORM, amount: 60_000_000n, from: unknownFrom });
    await refused(eve, 'USDT_TRC20', early, 409, 'chain_tx_sender_unregistered');
    // A minute after the block: registered too late (the peer's block time is a few seconds after now).
    t.clock.advance(60_000);
    const late = await callAs(t, eve, 'POST', '/api/deposits/chain-senders', {
      coin: 'USDT_TRC20',
      address: unknownFrom,
    });
    t.clock.advance(-60_000);
    expect(late.statusCode).toBe(201);
    await refused(eve, 'USDT_TRC20', early, 409, 'chain_tx_sender_unregistered');

    // Ana registers first, then pays: Eve, watching the platform's address, cannot take it.
    const from = await sender(ana, 'SOL');
    const paid = sol.transfer({ to: SOL_PLATFORM, lamports: 400_000_000n, from });
    await refused(eve, 'SOL', paid, 409, 'chain_tx_sender_unregistered');
    expect((await claim(ana, 'SOL', paid)).statusCode).toBe(201);
    expect(await balanceOf(eve)).toBe('0.00');

    // An address is one person's: Eve cannot register Ana's; registering one's own again is answered as done.
    const taken = await callAs(t, eve, 'POST', '/api/deposits/chain-senders', { coin: 'SOL', address: from });
    expect([taken.statusCode, taken.json().error.code]).toEqual([409, 'chain_sender_taken']);
    const again = await callAs(t, ana, 'POST', '/api/deposits/chain-senders', { coin: 'SOL', address: from });
    expect(again.statusCode).toBe(201);
    const listed = (await callAs(t, ana, 'GET', '/api/deposits/chain-senders')).json();
    expect(listed).toMatchObject({ max: 5, senders: [{ coin: 'SOL', address: from }] });

    // Bad input: a clear code, nothing written.
    const before = await t.ctx.db.selectFrom('chain_sender').select('address').execute();
    for (const [coin, address, status, code] of [
      ['SOL', tronAddress(), 400, 'chain_sender_invalid'],
      ['USDT_TRC20', solanaAddress(), 400, 'chain_sender_invalid'],
      ['USDT_TRC20', 'T' + 'x'.repeat(33), 400, 'chain_sender_invalid'],
      ['BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 400, 'chain_claim_coin_unknown'],
    ] as const) {
      const res = await callAs(t, ana, 'POST', '/api/deposits/chain-senders', { coin, address });
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    }
    for (let i = 1; i < 5; i++) await sender(ana, 'SOL');
    const over = await callAs(t, ana, 'POST', '/api/deposits/chain-senders', { coin: 'SOL', address: solanaAddress() });
    expect([over.statusCode, over.json().error.code]).toEqual([409, 'chain_sender_limit']);
    expect((await t.ctx.db.selectFrom('chain_sender').select('address').execute()).length).toBe(before.length + 4);
  });

  it('below the minimum: not credited, in the refunds queue with its coin', async () => {
    const ana = await createUser(t);
    const txid = tron.transfer({ to: TRON_PLATFORM, amount: 5_000_000n, from: await sender(ana, 'USDT_TRC20') });
    expect((await claim(ana, 'USDT_TRC20', txid)).statusCode).toBe(201);
    expect(await depositsOf(txid)).toHaveLength(0);
    const seen = (await callAs(t, ana, 'GET', '/api/deposits/chain-payments')).json();
    expect(seen.payments.find((p: { txid: string }) => p.txid === txid).outcome).toMatchObject({
      kind: 'below_minimum',
      amount: '4.99',
    });
    const queue = (await callAs(t, operator, 'GET', '/api/admin/chain/refunds')).json();
    expect(queue.items.find((i: { txid: string }) => i.txid === txid)).toMatchObject({
      coin: 'USDT_TRC20',
      amount: '5',
      address: TRON_PLATFORM,
      reason: 'below_minimum',
    });
    // The refund of a SOL payment is recorded with a Solana signature.
    const signature = sol.transfer({ to: SOL_PLATFORM, lamports: 10_000_000n, from: await sender(ana, 'SOL') });
    expect((await claim(ana, 'SOL', signature)).statusCode).toBe(201);
    const back = sol.transfer({ to: solanaAddress(), lamports: 10_000_000n });
    const recorded = await callAs(t, operator, 'POST', `/api/admin/chain/refunds/SOL/${signature}/0`, { txid: back });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().refund.txid).toBe(back);
  });

  it('a claimed coin is never declared with a screenshot (decision 062): refused, nothing written', async () => {
    const ana = await createUser(t);
    const before = await counts();
    // Listed as followed, so the form offers neither; named or left out, the declaration is refused.
    const listed = (await callAs(t, ana, 'GET', '/api/deposits/addresses')).json() as {
      addresses: Array<{ coin: string; followed?: true }>;
    };
    expect(listed.addresses.map((a) => [a.coin, a.followed])).toEqual([
      ['USDT_TRC20', true],
      ['SOL', true],
    ]);
    for (const coin of ['USDT_TRC20', 'SOL', undefined]) {
      const form = new FormData();
      form.append('amount', '120.00');
      if (coin) form.append('coin', coin);
      form.append('proof', new Blob([new Uint8Array(await sampleImage('png'))], { type: 'image/png' }), 'p.png');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        payload: form as never,
        headers: { cookie: ana.cookie },
      });
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'deposit_coin_on_chain']);
    }
    expect(await counts()).toEqual(before);
  });
});
