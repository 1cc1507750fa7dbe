import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubBehaviour {
  status: number;
  body: string;
  delayMs: number;
}

export interface StubPriceServer {
  url: string;
  hits: number;
  behave(next: Partial<StubBehaviour>): void;
  close(): Promise<void>;
}

/** A local price provider on 127.0.0.1 for tests: answers whatever it is told to, as slowly as told. */
export async function startStubPriceServer(): Promise<StubPriceServer> {
  let behaviour: StubBehaviour = { status: 200, body: JSON.stringify({ data: { amount: '65000.00' } }), delayMs: 0 };
  const state = { hits: 0 };
  const server: Server = createServer((_req, res) => {
    state.hits += 1;
    const { status, body, delayMs } = behaviour;
    const timer = setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    }, delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/prices/BTC-USD/spot`,
    get hits() {
      return state.hits;
    },
    set hits(v: number) {
      state.hits = v;
    },
    behave(next) {
      behaviour = { ...behaviour, ...next };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const priceBody = (amount: unknown): string =>
  JSON.stringify({ data: { amount, base: 'BTC', currency: 'USD' } });
