import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PeerMode } from './esplora-peer';

/**
 * A JSON-over-HTTP chain API for the tests (TronGrid, Solana RPC): each request's path and body text
 * go to `answer`; the peer's mode makes it down (503) or slow (`slowMs`, cut when the client gives
 * up), as the provider-failure tests need. Returns its base URL and a close that drops every
 * connection.
 */
export async function serveJsonPeer(
  peer: { mode: PeerMode; slowMs: number; hits: string[] },
  answer: (path: string, text: string) => { status: number; body: unknown },
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    peer.hits.push(path);
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      if (peer.mode === 'down') {
        res.writeHead(503).end('unavailable');
        return;
      }
      const reply = () => {
        const out = answer(path, text);
        res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body));
      };
      if (peer.mode === 'slow') {
        const timer = setTimeout(reply, peer.slowMs);
        res.on('close', () => clearTimeout(timer));
      } else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
