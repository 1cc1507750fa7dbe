import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pricedAssets, type PricedAsset } from '../../src/core/coins';

export interface StubBehaviour {
  status: number;
  body: string;
  delayMs: number;
}

export interface StubPriceServer {
  /** BTC's feed, as before there were others. */
  url: string;
  /** Requests to every feed. */
  hits: number;
  /** One feed per asset, at Coinbase's path for its pair. */
  urlOf(asset: PricedAsset): string;
  hitsOf(asset: PricedAsset): number;
  /** Changes what one feed answers (BTC's unless said). */
  behave(next: Partial<StubBehaviour>, asset?: PricedAsset): void;
  close(): Promise<void>;
}

export const priceBody = (amount: unknown, base: string = 'BTC'): string =>
  JSON.stringify({ data: { amount, base, currency: 'USD' } });

const startAmounts: Record<PricedAsset, string> = { BTC: '65000.00', LTC: '85.00', SOL: '150.00', USDT: '0.999871' };

/** Local price providers on 127.0.0.1 for tests: each answers whatever it is told to, as slowly as told. */
export async function startStubPriceServer(): Promise<StubPriceServer> {
  const behaviours = Object.fromEntries(
    pricedAssets.map((a) => [a, { status: 200, body: priceBody(startAmounts[a], a), delayMs: 0 }]),
  ) as Record<PricedAsset, StubBehaviour>;
  const counts = Object.fromEntries(pricedAssets.map((a) => [a, 0])) as Record<PricedAsset, number>;
  const state = { hits: 0 };
  const server: Server = createServer((req, res) => {
    state.hits += 1;
    const asset = pricedAssets.find((a) => req.url === `/v2/prices/${a}-USD/spot`);
    if (!asset) {
      res.writeHead(404).end('{}');
      return;
    }
    counts[asset] += 1;
    const { status, body, delayMs } = behaviours[asset];
    const timer = setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    }, delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const urlOf = (asset: PricedAsset) => `http://127.0.0.1:${port}/v2/prices/${asset}-USD/spot`;
  return {
    url: urlOf('BTC'),
    urlOf,
    get hits() {
      return state.hits;
    },
    set hits(v: number) {
      state.hits = v;
      for (const a of pricedAssets) counts[a] = 0;
    },
    hitsOf: (asset) => counts[asset],
    behave(next, asset = 'BTC') {
      behaviours[asset] = { ...behaviours[asset], ...next };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
