import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccountKey } from '../../src/core/chain/account-key';
import { decodeBlock } from '../../src/core/chain/raw';
import { startChainWatch } from '../../src/server/modules/chain/chain-watch.job';
import {
  createChainWatch,
  type ChainWatch,
  type ChainWatchEvents,
} from '../../src/server/modules/chain/chain-watch.service';
import { createTestApp, type TestApp } from '../support/app';
import { TestChain } from '../support/chain';
import { testDialect } from '../support/db';
import { startEsploraPeer, type EsploraPeer } from '../support/esplora-peer';
import { createUser, type TestUser } from '../support/users';

/** BIP84's test vector account (mnemonic "abandon" ×11 "about"), as in deposit-addresses.test.ts. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const key = parseAccountKey('BTC', ZPUB);
// Far above a request's time on a loaded machine: only the slow provider's requests reach it.
const TIMEOUT_MS = 2000;
const INTERVAL_S = 30;

type Counts = Record<'block' | 'seen' | 'in_block' | 'refused' | 'providerError' | 'reorg' | 'hold', number>;

describe(`following the chain (${testDialect})`, () => {
  let t: TestApp;
  let chain: TestChain;
  let peer: EsploraPeer;
  let second: EsploraPeer;
  let watch: ChainWatch;
  const counts: Counts = { block: 0, seen: 0, in_block: 0, refused: 0, providerError: 0, reorg: 0, hold: 0 };
  const events: ChainWatchEvents = {
    block: () => counts.block++,
    payment: (_c, state) => counts[state]++,
    refused: () => counts.refused++,
    providerError: () => counts.providerError++,
    reorg: () => counts.reorg++,
    hold: () => counts.hold++,
    height: () => {},
    changed: () => {},
  };
  const quiet = { error: () => {}, warn: () => {} };

  const addressOf = async (who: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/deposits/addresses', headers: { cookie: who.cookie } });
    const body = res.json() as { addresses: Array<{ coin: string; address: string }> };
    return body.addresses.find((a) => a.coin === 'BTC')!.address;
  };
  const payments = () =>
    t.ctx.db.selectFrom('chain_payment').selectAll().orderBy('first_seen_at').orderBy('txid').orderBy('vout').execute();
  const paymentOf = async (txid: string) => {
    const rows = (await payments()).filter((p) => p.txid === txid);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const lastHeight = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('chain_block')
          .select((eb) => eb.fn.max('height').as('h'))
          .executeTakeFirst()
      )?.h ?? -1,
    );

  beforeAll(async () => {
    chain = new TestChain('BTC');
    peer = await startEsploraPeer(chain);
    second = await startEsploraPeer(chain);
    t = await createTestApp({
      DEMO_MODE: 'false',
      DEPOSIT_XPUB_BTC: ZPUB,
      ESPLORA_URL_BTC: peer.url,
      ESPLORA_SECOND_URL_BTC: second.url,
      ESPLORA_TIMEOUT_MS: String(TIMEOUT_MS),
      CONFIRMATIONS_BTC: '2',
      CHAIN_INTERVAL_S: String(INTERVAL_S),
    });
    watch = createChainWatch(t.ctx, quiet, events);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
    await second.close();
  });

  it('records a payment seen in the mempool, then in a block, then confirmed: one row throughout', async () => {
    const ana = await createUser(t);
    const anaAddress = await addressOf(ana);
    expect(anaAddress).toBe(key.receiveAddress(0));
    await watch.run();
    expect(counts.providerError).toBe(0);
    expect(await lastHeight()).toBe(0);

    // Index 1 is given to no one: its payment is not recorded.
    const tx = chain.pay([
      [anaAddress, 125_000],
      [key.receiveAddress(1), 7_000],
    ]);
    peer.mempool.set(tx.txid, tx);
    await watch.run();
    await watch.run();
    expect(await payments()).toHaveLength(1);
    expect(await paymentOf(tx.txid)).toMatchObject({
      user_id: ana.id,
      address: anaAddress,
      vout: 0,
      state: 'seen',
      block_hash: null,
      confirmations: 0,
    });
    expect(Number((await paymentOf(tx.txid)).amount)).toBe(125_000);
    expect(counts.seen).toBe(1);

    peer.mempool.delete(tx.txid);
    const b1 = chain.mine([tx]);
    await watch.run();
    await watch.run();
    expect(await paymentOf(tx.txid)).toMatchObject({
      state: 'in_block',
      block_hash: b1.hash,
      block_height: 1,
      confirmations: 1,
      confirmed_at: null,
    });

    chain.mine();
    await watch.run();
    const confirmed = await paymentOf(tx.txid);
    expect(confirmed).toMatchObject({ state: 'confirmed', confirmations: 2, block_hash: b1.hash });
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(Number(confirmed.amount)).toBe(125_000);
    expect(await payments()).toHaveLength(1);
    expect(counts.block).toBe(3);

    // What /deposit shows: the person's own payments only, in coins, with the threshold.
    const seenBy = async (who: TestUser) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/deposits/chain-payments',
        headers: { cookie: who.cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { followed: unknown[]; payments: Array<Record<string, unknown>> };
    };
    expect(await seenBy(ana)).toEqual({
      followed: [{ coin: 'BTC', required: 2 }],
      payments: [
        {
          coin: 'BTC',
          txid: tx.txid,
          vout: 0,
          amount: '0.00125',
          state: 'confirmed',
          confirmations: 2,
          required: 2,
          firstSeenAt: expect.any(String),
          // No crediting pass ran here (chain-credit.test.ts): no outcome yet.
          outcome: null,
        },
      ],
      minimum: '10.00',
    });
    expect((await seenBy(await createUser(t))).payments).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/deposits/chain-payments' })).statusCode).toBe(401);
  });

  it('waits for the second provider to have the block and enough above it before confirming', async () => {
    const ben = await createUser(t);
    const tx = chain.pay([[await addressOf(ben), 40_000]]);
    chain.mine([tx]);
    chain.mine();
    second.behind = 1;
    await watch.run();
    expect(await paymentOf(tx.txid)).toMatchObject({ state: 'in_block', confirmations: 2 });
    second.behind = 0;
    await watch.run();
    expect(await paymentOf(tx.txid)).toMatchObject({ state: 'confirmed', confirmations: 2 });
  });

  it('a reorganisation: payments of the blocks that left no longer count; a credited one raises a hold', async () => {
    const carol = await createUser(t);
    const dan = await createUser(t);
    const carolTx = chain.pay([[await addressOf(carol), 60_000]]);
    const danTx = chain.pay([[await addressOf(dan), 80_000]]);
    const gone = chain.mine([carolTx, danTx]);
    chain.mine();
    await watch.run();
    expect(await paymentOf(danTx.txid)).toMatchObject({ state: 'confirmed', block_hash: gone.hash });
    // Crediting is a later point: what it will set, set by hand.
    await t.ctx.db
      .updateTable('chain_payment')
      .set({ credited_at: new Date().toISOString() })
      .where('txid', '=', danTx.txid)
      .execute();
    const before = await paymentOf((await payments())[0]!.txid);

    chain.reorg(2);
    chain.mine();
    chain.mine();
    chain.mine();
    await watch.run();
    expect(counts.reorg).toBe(1);
    for (const txid of [carolTx.txid, danTx.txid])
      expect(await paymentOf(txid)).toMatchObject({ state: 'orphaned', confirmations: 0, block_hash: null });
    const holds = await t.ctx.db.selectFrom('chain_hold').selectAll().execute();
    expect(holds).toEqual([
      expect.objectContaining({ user_id: dan.id, txid: danTx.txid, block_hash: gone.hash, released_at: null }),
    ]);
    expect(counts.hold).toBe(1);
    // The first payment, below the fork, still counts (and counts the new blocks).
    const after = await paymentOf(before.txid);
    expect(after.state).toBe('confirmed');
    expect(after.confirmations).toBeGreaterThan(before.confirmations);

    // Carol's transaction comes back in a later block: the same row, in that block.
    const back = chain.mine([carolTx]);
    await watch.run();
    expect(await paymentOf(carolTx.txid)).toMatchObject({ state: 'in_block', block_hash: back.hash, confirmations: 1 });
    expect((await payments()).length).toBe(4);
  });

  it('a provider behind the blocks already read is waited for, not taken for a reorganisation', async () => {
    const before = await payments();
    const height = await lastHeight();
    peer.behind = 3;
    await watch.run();
    peer.behind = 0;
    expect(counts.reorg).toBe(1);
    expect(await payments()).toEqual(before);
    expect(await lastHeight()).toBe(height);
  });

  it('refuses what a lying provider serves (content not hashing to its id), records nothing, and reads it once it is true', async () => {
    const eve = await createUser(t);
    const address = await addressOf(eve);
    const real = chain.pay([[address, 10_000]]);
    const other = chain.pay([[address, 9_000_000]]);
    peer.mempool.set(real.txid, real);
    peer.lies.set(real.txid, other.raw);
    const refused = counts.refused;
    await watch.run();
    expect(counts.refused).toBe(refused + 1);
    expect((await payments()).filter((p) => p.user_id === eve.id)).toEqual([]);

    // A block whose transaction was altered in place: the Merkle root refuses it, nothing is read.
    peer.mempool.delete(real.txid);
    peer.lies.delete(real.txid);
    const block = chain.mine([real]);
    const altered = block.raw.slice();
    const paid = decodeBlock(block.raw, 'BTC', block.hash).transactions[1]!.outputs[0]!;
    altered[paid.scriptStart - 8]! ^= 0x01;
    peer.lies.set(block.hash, altered);
    const height = await lastHeight();
    await watch.run();
    expect(await lastHeight()).toBe(height);
    expect(counts.refused).toBe(refused + 2);
    expect((await payments()).filter((p) => p.user_id === eve.id)).toEqual([]);

    peer.lies.delete(block.hash);
    await watch.run();
    expect(await lastHeight()).toBe(block.height);
    expect(await paymentOf(real.txid)).toMatchObject({ user_id: eve.id, state: 'in_block', block_hash: block.hash });
    expect(Number((await paymentOf(real.txid)).amount)).toBe(10_000);
  });

  it('a provider down or slow: requests end by the timeout, the pass waits, then nothing is lost or recorded twice', async () => {
    const fay = await createUser(t);
    const address = await addressOf(fay);
    const errors = counts.providerError;

    peer.mode = 'down';
    const tx = chain.pay([[address, 33_000]]);
    chain.mine([tx]);
    await watch.run();
    expect(counts.providerError).toBe(errors + 1);

    // Slow: each request ends after the timeout; the pass after the pause meets it again.
    peer.mode = 'slow';
    peer.slowMs = TIMEOUT_MS * 3;
    t.clock.advance(INTERVAL_S * 1000);
    const started = Date.now();
    await watch.run();
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
    expect(counts.providerError).toBe(errors + 2);

    // Back, but the pause after two failures (twice the interval) is not over: no request is made.
    peer.mode = 'ok';
    const hits = peer.hits.length;
    t.clock.advance(INTERVAL_S * 1000);
    await watch.run();
    expect(peer.hits.length).toBe(hits);
    expect((await payments()).filter((p) => p.user_id === fay.id)).toEqual([]);

    t.clock.advance(INTERVAL_S * 1000);
    chain.mine();
    await watch.run();
    await watch.run();
    expect(await paymentOf(tx.txid)).toMatchObject({ user_id: fay.id, state: 'confirmed', confirmations: 2 });
    expect((await payments()).filter((p) => p.user_id === fay.id)).toHaveLength(1);
    expect(await lastHeight()).toBe(chain.tip.height);
  });

  it('two instances running the job at once read each block once', async () => {
    const gil = await createUser(t);
    const tx = chain.pay([[await addressOf(gil), 21_000]]);
    chain.mine([tx]);
    chain.mine();
    const jobs = ['a', 'b'].map((holder) =>
      startChainWatch(t.ctx, t.app.services, quiet, undefined, `chain-${holder}`)!,
    );
    t.clock.advance(INTERVAL_S * 1000);
    const ran = await Promise.all(jobs.map((j) => j.tick()));
    expect(ran.filter(Boolean)).toHaveLength(1);
    for (const j of jobs) await j.stop();
    const blocks = await t.ctx.db.selectFrom('chain_block').select(['height', 'hash']).execute();
    expect(new Set(blocks.map((b) => b.height)).size).toBe(blocks.length);
    expect(await paymentOf(tx.txid)).toMatchObject({ user_id: gil.id, state: 'confirmed' });
  });
});
