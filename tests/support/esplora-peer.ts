import { bytesToHex } from '@noble/hashes/utils.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SignedTx, TestChain } from './chain';

export type PeerMode = 'ok' | 'down' | 'slow';

export interface EsploraPeer {
  url: string;
  /** The transactions in its mempool, by id. */
  mempool: Map<string, SignedTx>;
  /** ok; down (every request refused with 503); slow (no answer for `slowMs`). */
  mode: PeerMode;
  slowMs: number;
  /** What it serves instead of a transaction's or a block's real bytes (a lying provider). */
  lies: Map<string, Uint8Array>;
  /** How many of the newest blocks it does not know yet (a provider lagging behind). */
  behind: number;
  /** Requests answered, by path. */
  hits: string[];
  close(): Promise<void>;
}

/**
 * A small Esplora-compatible server over a TestChain: the calls the watcher makes (tip height,
 * hash at a height, raw block, mempool ids, raw transaction, a transaction's status), as
 * Blockstream's API.md describes them. A transaction is served from the mempool or a known block.
 */
export async function startEsploraPeer(chain: TestChain): Promise<EsploraPeer> {
  const peer = {
    mempool: new Map<string, SignedTx>(),
    mode: 'ok' as PeerMode,
    slowMs: 5000,
    lies: new Map<string, Uint8Array>(),
    hits: [] as string[],
    behind: 0,
  };
  const route = (path: string): { status: number; body: string | Uint8Array } => {
    const known = chain.blocks.slice(0, chain.blocks.length - peer.behind);
    const tip = known[known.length - 1]!;
    if (path === '/blocks/tip/height') return { status: 200, body: String(tip.height) };
    if (path === '/blocks/tip/hash') return { status: 200, body: tip.hash };
    let m = /^\/block-height\/(\d+)$/.exec(path);
    if (m) {
      const block = known[Number(m[1])];
      return block ? { status: 200, body: block.hash } : { status: 404, body: 'Block not found' };
    }
    m = /^\/block\/([0-9a-f]{64})\/raw$/.exec(path);
    if (m) {
      const block = known.find((b) => b.hash === m![1]);
      if (!block) return { status: 404, body: 'Block not found' };
      return { status: 200, body: peer.lies.get(block.hash) ?? block.raw };
    }
    if (path === '/mempool/txids') return { status: 200, body: JSON.stringify([...peer.mempool.keys()]) };
    m = /^\/tx\/([0-9a-f]{64})\/status$/.exec(path);
    if (m) {
      const block = known.find((b) => b.txids.includes(m![1]!));
      if (block)
        return {
          status: 200,
          body: JSON.stringify({ confirmed: true, block_height: block.height, block_hash: block.hash }),
        };
      if (peer.mempool.has(m[1]!)) return { status: 200, body: JSON.stringify({ confirmed: false }) };
      return { status: 404, body: 'Transaction not found' };
    }
    m = /^\/tx\/([0-9a-f]{64})\/(raw|hex)$/.exec(path);
    if (m) {
      const id = m[1]!;
      const tx = peer.mempool.get(id) ?? (known.some((b) => b.txids.includes(id)) ? chain.mined.get(id) : undefined);
      if (!tx) return { status: 404, body: 'Transaction not found' };
      const raw = peer.lies.get(tx.txid) ?? tx.raw;
      return { status: 200, body: m[2] === 'hex' ? bytesToHex(raw) : raw };
    }
    return { status: 404, body: 'not found' };
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    peer.hits.push(path);
    if (peer.mode === 'down') {
      res.writeHead(503).end('unavailable');
      return;
    }
    const answer = () => {
      const { status, body } = route(path);
      res.writeHead(status, {
        'content-type': typeof body === 'string' ? 'text/plain' : 'application/octet-stream',
      });
      res.end(body);
    };
    if (peer.mode === 'slow') {
      const timer = setTimeout(answer, peer.slowMs);
      res.on('close', () => clearTimeout(timer));
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(peer, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
