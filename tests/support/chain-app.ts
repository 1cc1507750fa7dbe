import { createChainCredit, type ChainCredit } from '../../src/server/modules/chain/chain-credit.service';
import { createChainWatch, type ChainWatch } from '../../src/server/modules/chain/chain-watch.service';
import { createTestApp, type TestApp } from './app';
import { TestChain } from './chain';
import { startEsploraPeer, type EsploraPeer } from './esplora-peer';
import { priceBody, startStubPriceServer, type StubPriceServer } from './price-stub';

/** BIP84's test vector, account 0 (mnemonic "abandon" ×11 "about"): the chain tests' account key. */
export const TEST_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

export interface ChainTestApp {
  t: TestApp;
  chain: TestChain;
  peer: EsploraPeer;
  prices: StubPriceServer;
  watch: ChainWatch;
  credit: ChainCredit;
  close(): Promise<void>;
}

/**
 * A whole app following a local BTC chain (decisions 055 and 059), as the chain tests share it: the
 * chain and its Esplora-shaped peer, BTC priced at `rate` by a stub feed, two confirmations, the
 * watcher and the crediting pass (run by the test, not by a timer). `env` adds or overrides settings.
 */
export async function startChainTestApp(env: Record<string, string>, rate = '65000.00'): Promise<ChainTestApp> {
  const chain = new TestChain('BTC');
  const peer = await startEsploraPeer(chain);
  const prices = await startStubPriceServer();
  prices.behave({ status: 200, body: priceBody(rate, 'BTC'), delayMs: 0 }, 'BTC');
  const t = await createTestApp({
    DEMO_MODE: 'false',
    DEPOSIT_XPUB_BTC: TEST_ZPUB,
    ESPLORA_URL_BTC: peer.url,
    CONFIRMATIONS_BTC: '2',
    CHAIN_INTERVAL_S: '30',
    BTC_PRICE_URL: prices.urlOf('BTC'),
    BTC_PRICE_TIMEOUT_MS: '2000',
    ...env,
  });
  const quiet = { error: () => {}, warn: () => {} };
  const watch = createChainWatch(t.ctx, quiet);
  const { rates, notifier, admin } = t.app.services;
  const credit = createChainCredit(t.ctx, { rates, notifier, approveDeposit: admin.approveDeposit }, quiet);
  return {
    t,
    chain,
    peer,
    prices,
    watch,
    credit,
    async close() {
      await t.close();
      await peer.close();
      await prices.close();
    },
  };
}
