import { base58 } from '@scure/base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChainWatch } from '../../src/server/modules/chain/chain-watch.service';
import { createTestApp, type TestApp } from '../support/app';
import { TestChain } from '../support/chain';
import { testDialect } from '../support/db';
import { startEsploraPeer, type EsploraPeer } from '../support/esplora-peer';
import { fund } from '../support/money';
import { startStubPriceServer, type StubPriceServer } from '../support/price-stub';
import { callAs, createAdmin, createUser, type TestUser } from '../support/users';

/** BIP84's test vector account, as in chain-watch.test.ts (ESPLORA_URL_BTC needs own addresses). */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const PAYEE = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const STRANGER = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const SOL_ADDRESS = 'So11111111111111111111111111111111111111112';
const EXPLORER = 'https://mempool.example/tx/{txid}';
/** $100.00 at the stub's $65,000.00: 153 846 satoshi; 2 % and one cent below, 150 754 still settles it. */
const EXPECTED = 153_846;
const LEAST = 150_754;

describe(`payouts with their transaction (${testDialect})`, () => {
  let t: TestApp;
  let chain: TestChain;
  let peer: EsploraPeer;
  let prices: StubPriceServer;
  let admin: TestUser;
  let second: TestUser;
  let ana: TestUser;
  const quiet = { error: () => {}, warn: () => {} };

  const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    callAs(t, who, method, url, payload);
  const withdraw = async (amount = '100.00', crypto = 'BTC', address = PAYEE) => {
    const res = await call(ana, 'POST', '/api/withdrawals', { amount, crypto, address });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const approve = (id: string, payoutTxid?: string, who: TestUser = admin) =>
    call(who, 'POST', `/api/admin/withdrawals/${id}/approve`, payoutTxid === undefined ? undefined : { payoutTxid });
  const rowOf = (id: string) =>
    t.ctx.db.selectFrom('withdrawal_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const trail = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A refusal: its status and code, the withdrawal still pending with no payout, no trail, no e-mail. */
  const refused = async (id: string, payoutTxid: string | undefined, status: number, code: string) => {
    const [audits, mails] = [await trail(), await outbox()];
    const res = await approve(id, payoutTxid);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', payout_txid: null, settle_tx_id: null });
    expect(await trail()).toBe(audits);
    expect(await outbox()).toBe(mails);
    return res.json().error;
  };
  const outbox = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('email_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const published = (amount: number, address = PAYEE) => {
    const tx = chain.pay([[address, amount]]);
    peer.mempool.set(tx.txid, tx);
    return tx;
  };

  beforeAll(async () => {
    chain = new TestChain('BTC');
    peer = await startEsploraPeer(chain);
    prices = await startStubPriceServer();
    t = await createTestApp({
      DEMO_MODE: 'false',
      DEPOSIT_XPUB_BTC: ZPUB,
      ESPLORA_URL_BTC: peer.url,
      ESPLORA_TIMEOUT_MS: '2000',
      CONFIRMATIONS_BTC: '2',
      CHAIN_INTERVAL_S: '0',
      BTC_PRICE_URL: prices.urlOf('BTC'),
      LTC_PRICE_URL: prices.urlOf('LTC'),
      SOL_PRICE_URL: prices.urlOf('SOL'),
      USDT_PRICE_URL: prices.urlOf('USDT'),
      EXPLORER_TX_URL_BTC: EXPLORER,
    });
    admin = await createAdmin(t);
    second = await createAdmin(t);
    ana = await createUser(t);
    await fund(t.ctx, ana.id, 1_000_000);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
    await prices.close();
  });
  beforeEach(() => {
    peer.mode = 'ok';
  });

  it('a matching payout settles the withdrawal; the investor sees it, its link and its confirmations', async () => {
    const id = await withdraw();
    const tx = published(LEAST);
    const res = await approve(id, tx.txid.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'approved', payout_txid: tx.txid, payout_confirmations: 0 });
    expect(Number(row.payout_verified)).toBe(1);
    expect(Number(row.payout_coin_amount)).toBe(LEAST);
    expect(row.settle_tx_id).not.toBeNull();

    const history = (await call(ana, 'GET', '/api/cashier/history')).json();
    const link = `https://mempool.example/tx/${tx.txid}`;
    expect(history.withdrawals.find((w: { id: string }) => w.id === id).payout).toEqual({
      txid: tx.txid,
      verified: true,
      coinAmount: '0.00150754',
      confirmations: 0,
      confirmationsWanted: 2,
      explorerUrl: link,
    });
    const mail = await t.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('template', '=', 'withdrawal_approved')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(mail)).toContain(tx.txid);
    expect(JSON.stringify(mail)).toContain(link);

    // The chain watch follows its confirmations up to the threshold.
    peer.mempool.delete(tx.txid);
    chain.mine([tx]);
    const watch = createChainWatch(t.ctx, quiet);
    await watch.run();
    expect(Number((await rowOf(id)).payout_confirmations)).toBe(1);
    chain.mine();
    await watch.run();
    expect(Number((await rowOf(id)).payout_confirmations)).toBe(2);
    const seen = (await call(ana, 'GET', '/api/cashier/history')).json();
    expect(seen.withdrawals.find((w: { id: string }) => w.id === id).payout.confirmations).toBe(2);

    // The statement carries it too: on screen, and in the CSV in the person's language.
    const statement = (await call(ana, 'GET', '/api/statement?type=withdrawal')).json();
    const line = statement.lines.find(
      (l: { detail: { payout?: { txid: string } } }) => l.detail.payout?.txid === tx.txid,
    );
    expect(line.detail.payout).toEqual({ txid: tx.txid, verified: true, confirmations: 2, explorerUrl: link });
    const csv = (await call(ana, 'GET', '/api/statement.csv?lang=fr')).body;
    expect(csv).toContain(`Transaction\u00a0: ${tx.txid} (confirmations\u00a0: 2) ${link}`);
  });

  it('refuses a transaction to another address, or paying too little, and marks nothing paid', async () => {
    const id = await withdraw();
    const elsewhere = published(EXPECTED, STRANGER);
    expect(await refused(id, elsewhere.txid, 400, 'payout_wrong_address')).toMatchObject({
      params: { address: PAYEE },
    });
    const short = published(LEAST - 1);
    expect(await refused(id, short.txid, 400, 'payout_amount_short')).toMatchObject({
      params: { crypto: 'BTC', paid: '0.00150753', least: '0.00150754', expected: '0.00153846' },
    });
    // The same approval with the right transaction goes through.
    expect((await approve(id, published(EXPECTED).txid)).statusCode).toBe(200);
  });

  it('refuses an id of the wrong shape, an unknown one, none at all, and one already used', async () => {
    const id = await withdraw();
    for (const bad of ['abc', 'g'.repeat(64), `0x${'a'.repeat(64)}`, `${'a'.repeat(63)}z`])
      expect(await refused(id, bad, 400, 'payout_txid_invalid')).toMatchObject({ params: { crypto: 'BTC' } });
    await refused(id, undefined, 400, 'payout_txid_required');
    await refused(id, 'ab'.repeat(32), 400, 'payout_tx_not_found');

    const tx = published(EXPECTED);
    const other = await withdraw();
    expect((await approve(other, tx.txid)).statusCode).toBe(200);
    await refused(id, tx.txid, 409, 'payout_txid_used');
    // The database refuses it too, whatever a check in code missed.
    await expect(
      t.ctx.db.updateTable('withdrawal_request').set({ payout_txid: tx.txid }).where('id', '=', id).execute(),
    ).rejects.toThrow();
  });

  it('refuses content that does not hash to the id (a lying provider), and a provider that is down', async () => {
    const id = await withdraw();
    const tx = published(EXPECTED);
    const forged = chain.pay([[PAYEE, EXPECTED * 10]]);
    peer.lies.set(tx.txid, forged.raw);
    await refused(id, tx.txid, 409, 'payout_tx_mismatch');
    peer.lies.delete(tx.txid);

    peer.mode = 'down';
    await refused(id, tx.txid, 503, 'payout_provider_unavailable');
    peer.mode = 'ok';
    expect((await approve(id, tx.txid)).statusCode).toBe(200);
  });

  it('without a provider for the coin, records the id as not verified; its shape is still checked', async () => {
    const id = await withdraw('20.00', 'SOL', SOL_ADDRESS);
    await refused(id, 'ab'.repeat(32), 400, 'payout_txid_invalid');
    const signature = base58.encode(new Uint8Array(64).fill(7));
    expect((await approve(id, signature)).statusCode).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'approved', payout_txid: signature, payout_coin_amount: null });
    expect(Number(row.payout_verified)).toBe(0);
    const history = (await call(ana, 'GET', '/api/cashier/history')).json();
    expect(history.withdrawals.find((w: { id: string }) => w.id === id).payout).toEqual({
      txid: signature,
      verified: false,
      coinAmount: null,
      confirmations: null,
      confirmationsWanted: null,
      explorerUrl: null,
    });
    // A coin without a provider may also be approved without an id, as before.
    expect((await approve(await withdraw('5.00', 'SOL', SOL_ADDRESS))).statusCode).toBe(200);
  });

  it('an unknown coin: refused when asked for, and a request in one can get no payout', async () => {
    const res = await call(ana, 'POST', '/api/withdrawals', { amount: '5.00', crypto: 'DOGE', address: PAYEE });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unknown_crypto');
    const id = await withdraw('5.00');
    await t.ctx.db.updateTable('withdrawal_request').set({ crypto_type: 'DOGE' }).where('id', '=', id).execute();
    await refused(id, 'ab'.repeat(32), 400, 'payout_coin_unknown');
  });

  it('under dual control, the second approval carries the transaction, not the first', async () => {
    const id = await withdraw('1500.00');
    const tx = published(2_307_692);
    await refused(id, tx.txid, 400, 'payout_txid_too_early');
    expect((await approve(id)).json()).toEqual({ ok: true, stage: 'awaiting_second' });
    const wrong = await approve(id, undefined, second);
    expect(wrong.json().error.code).toBe('payout_txid_required');
    const ok = await approve(id, tx.txid, second);
    expect(ok.json()).toEqual({ ok: true, stage: 'approved' });
    expect(await rowOf(id)).toMatchObject({ status: 'approved', payout_txid: tx.txid });
  });
});
