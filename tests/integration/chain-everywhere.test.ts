import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainCredit, type ChainCredit } from '../../src/server/modules/chain/chain-credit.service';
import { createChainWatch, type ChainWatch } from '../../src/server/modules/chain/chain-watch.service';
import { createTestApp, type TestApp } from '../support/app';
import { TestChain } from '../support/chain';
import { testDialect } from '../support/db';
import { startEsploraPeer, type EsploraPeer } from '../support/esplora-peer';
import { priceBody, startStubPriceServer, type StubPriceServer } from '../support/price-stub';
import { callAs, createUser, type TestUser } from '../support/users';

/** BIP84's test vector account, as in chain-watch.test.ts. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const RATE = '65000.00';

type Fact = { key: string; values: Record<string, { type: string; amount?: string; value?: unknown }> };

/**
 * A deposit on chain everywhere the person looks at their money (issue 45, point 7): the
 * assistant's answer to "où est mon dépôt ?", the data export, the statement and the proof of
 * liabilities each carry its state and its evidence.
 */
describe(`a deposit on chain, everywhere (${testDialect})`, () => {
  let t: TestApp;
  let chain: TestChain;
  let peer: EsploraPeer;
  let prices: StubPriceServer;
  let watch: ChainWatch;
  let credit: ChainCredit;
  const quiet = { error: () => {}, warn: () => {} };
  const get = (who: TestUser, url: string) => callAs(t, who, 'GET', url);
  const addressOf = async (who: TestUser) => {
    const res = await get(who, '/api/deposits/addresses');
    return (res.json() as { addresses: Array<{ coin: string; address: string }> }).addresses.find(
      (a) => a.coin === 'BTC',
    )!.address;
  };
  const facts = async (who: TestUser): Promise<Fact[]> => {
    const res = await get(who, '/api/assistant/facts/deposit');
    expect(res.statusCode).toBe(200);
    return (res.json() as { facts: Fact[] }).facts;
  };

  beforeAll(async () => {
    chain = new TestChain('BTC');
    peer = await startEsploraPeer(chain);
    prices = await startStubPriceServer();
    prices.behave({ status: 200, body: priceBody(RATE, 'BTC'), delayMs: 0 }, 'BTC');
    t = await createTestApp({
      DEMO_MODE: 'false',
      DEPOSIT_XPUB_BTC: ZPUB,
      ESPLORA_URL_BTC: peer.url,
      CONFIRMATIONS_BTC: '2',
      CHAIN_INTERVAL_S: '30',
      BTC_PRICE_URL: prices.urlOf('BTC'),
      BTC_PRICE_TIMEOUT_MS: '2000',
      CHAIN_MIN_DEPOSIT: '10.00',
      CHAIN_AUTO_CREDIT_BELOW: '100.00',
      DUAL_CONTROL_FROM: '1000.00',
    });
    watch = createChainWatch(t.ctx, quiet);
    const { rates, notifier, admin } = t.app.services;
    credit = createChainCredit(t.ctx, { rates, notifier, approveDeposit: admin.approveDeposit }, quiet);
    await watch.run();
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
    await prices.close();
  });

  it('the assistant tells where a deposit on chain stands: waiting at the address, seen, n of m, credited, refunded', async () => {
    const lea = await createUser(t);
    // Nothing yet: no address, no payment, the classic answer.
    expect((await facts(lea)).map((f) => f.key)).toEqual(['deposit.none']);

    const address = await addressOf(lea);
    expect(await facts(lea)).toEqual([
      {
        key: 'deposit.chain.waiting',
        values: { coin: { type: 'text', value: 'BTC' }, address: { type: 'text', value: address } },
        link: '/deposit',
      },
    ]);

    const tx = chain.pay([[address, 125_000]]);
    peer.mempool.set(tx.txid, tx);
    await watch.run();
    await watch.run();
    let answer = await facts(lea);
    expect(answer.map((f) => f.key)).toEqual(['deposit.chain.seen']);
    expect(answer[0]!.values.coins).toEqual({ type: 'text', value: '0.00125 BTC' });

    peer.mempool.delete(tx.txid);
    chain.mine([tx]);
    await watch.run();
    answer = await facts(lea);
    expect(answer.map((f) => f.key)).toEqual(['deposit.chain.confirming']);
    expect(answer[0]!.values).toMatchObject({ count: { value: 1 }, required: { value: 2 } });

    chain.mine();
    await watch.run();
    await credit.run();
    answer = await facts(lea);
    // $81.25 at $65,000 per BTC, credited by the policy; the deposit it became follows.
    expect(answer.map((f) => f.key)).toEqual(['deposit.chain.credited', 'deposit.approved']);
    expect(answer[0]!.values).toMatchObject({
      coins: { value: '0.00125 BTC' },
      amount: { type: 'money', amount: '81.25' },
      rate: { type: 'money', amount: '65000.00' },
    });
    expect(answer[1]!.values.amount).toEqual({ type: 'money', amount: '81.25' });
  });

  it('a payment below the minimum is told as to be refunded, with the minimum', async () => {
    const hugo = await createUser(t);
    const tx = chain.pay([[await addressOf(hugo), 10_000]]);
    chain.mine([tx]);
    chain.mine();
    await watch.run();
    await credit.run();
    const answer = await facts(hugo);
    expect(answer.map((f) => f.key)).toEqual(['deposit.chain.refund.below_minimum']);
    expect(answer[0]!.values).toMatchObject({
      amount: { amount: '6.50' },
      minimum: { amount: '10.00' },
    });
  });
});
