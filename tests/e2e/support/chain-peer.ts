/**
 * The journeys' Bitcoin chain (decision 055): an Esplora-compatible peer over a TestChain, started
 * by playwright.config.ts before the server, which follows it (ESPLORA_URL_BTC). A journey moves
 * the chain through two control routes the watcher never calls:
 * - POST /control/pay?address=…&sats=… puts a real signed payment in the mempool (answers its txid);
 * - POST /control/mine mines the mempool into a block (then empty blocks on each call).
 */
import { createServer } from 'node:http';
import { TestChain, type SignedTx } from '../../support/chain';
import { startEsploraPeer } from '../../support/esplora-peer';

const port = Number(process.argv[2] ?? process.env.CHAIN_PEER_PORT);
const chain = new TestChain('BTC');
const peer = await startEsploraPeer(chain);

const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://peer');
  const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  if (req.method === 'POST' && url.pathname === '/control/pay') {
    const address = url.searchParams.get('address') ?? '';
    const sats = Number(url.searchParams.get('sats'));
    if (!address || !Number.isSafeInteger(sats) || sats <= 0) return send(400, 'address and sats');
    const tx: SignedTx = chain.pay([[address, sats]]);
    peer.mempool.set(tx.txid, tx);
    return send(200, tx.txid);
  }
  if (req.method === 'POST' && url.pathname === '/control/mine') {
    const block = chain.mine([...peer.mempool.values()]);
    peer.mempool.clear();
    return send(200, String(block.height));
  }
  // Everything else is the Esplora API, answered by the peer.
  const forward = new URL(url.pathname + url.search, peer.url);
  fetch(forward)
    .then(async (answer) => {
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })
    .catch(() => send(502, 'peer unavailable'));
});
control.listen(port, '127.0.0.1', () => console.log(`chain peer on ${port}`));
