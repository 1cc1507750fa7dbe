/**
 * An Esplora-compatible HTTP API (Blockstream's esplora, mempool.space, litecoinspace): only the
 * calls the watcher needs, each ended by a timeout. What it answers is shaped here (a height is a
 * number, a hash 64 hex digits) and verified by the caller (decision 055): nothing it says about a
 * transaction's content is taken without the bytes.
 */

export class ProviderError extends Error {
  /** The HTTP status the provider answered with, when it answered (404: it does not know the thing). */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
  }
}

/**
 * One request to a chain provider, ended after `timeoutMs`: unreachable, slow or not 2xx is a
 * ProviderError naming `where` (the body of a refused answer is discarded). Every chain client
 * (Esplora, TronGrid, Solana RPC) asks through it.
 */
export async function providerFetch(where: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(where, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const why =
      err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
    throw new ProviderError(`${where}: ${why}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new ProviderError(`${where}: HTTP ${res.status}`, res.status);
  }
  return res;
}

/** A JSON POST to a chain provider (TronGrid, Solana RPC): its parsed body, or a ProviderError. */
export async function providerPostJson(where: string, body: unknown, timeoutMs: number): Promise<unknown> {
  const res = await providerFetch(
    where,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    },
    timeoutMs,
  );
  try {
    return JSON.parse(await res.text());
  } catch {
    throw new ProviderError(`${where}: not JSON (or cut, or over ${timeoutMs} ms)`);
  }
}

export interface Esplora {
  readonly url: string;
  tipHeight(): Promise<number>;
  /** The hash of the best chain's block at `height`. */
  hashAt(height: number): Promise<string>;
  rawBlock(hash: string): Promise<Uint8Array>;
  mempoolTxids(): Promise<string[]>;
  rawTransaction(txid: string): Promise<Uint8Array>;
  /** Where a transaction is: in the mempool (null), or in the block of that height and hash. */
  txBlock(txid: string): Promise<{ height: number; hash: string } | null>;
}

const HASH = /^[0-9a-f]{64}$/;
/** Far above any block of either coin (4 MB of weight; Litecoin's MWEB part is smaller). */
const MAX_RAW_BYTES = 32 * 1024 * 1024;

export function createEsplora(url: string, timeoutMs: number): Esplora {
  const get = (path: string) => providerFetch(`${url}${path}`, {}, timeoutMs);

  async function text(path: string): Promise<string> {
    const res = await get(path);
    try {
      return (await res.text()).trim();
    } catch {
      throw new ProviderError(`${url}${path}: the answer was cut (or took over ${timeoutMs} ms)`);
    }
  }

  async function bytes(path: string): Promise<Uint8Array> {
    const res = await get(path);
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_RAW_BYTES) {
      await res.body?.cancel().catch(() => {});
      throw new ProviderError(`${url}${path}: ${declared} bytes, more than any block`);
    }
    try {
      const body = new Uint8Array(await res.arrayBuffer());
      if (body.length > MAX_RAW_BYTES) throw new ProviderError(`${url}${path}: more bytes than any block`);
      return body;
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw new ProviderError(`${url}${path}: the answer was cut (or took over ${timeoutMs} ms)`);
    }
  }

  async function hash(path: string): Promise<string> {
    const value = (await text(path)).toLowerCase();
    if (!HASH.test(value)) throw new ProviderError(`${url}${path}: not a hash`);
    return value;
  }

  return {
    url,
    async tipHeight() {
      const value = await text('/blocks/tip/height');
      if (!/^\d{1,9}$/.test(value)) throw new ProviderError(`${url}/blocks/tip/height: not a height`);
      return Number(value);
    },
    hashAt: (height) => hash(`/block-height/${height}`),
    rawBlock: (blockHash) => bytes(`/block/${blockHash}/raw`),
    async mempoolTxids() {
      let list: unknown;
      try {
        list = JSON.parse(await text('/mempool/txids'));
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        throw new ProviderError(`${url}/mempool/txids: not JSON`);
      }
      if (!Array.isArray(list) || !list.every((t) => typeof t === 'string' && HASH.test(t)))
        throw new ProviderError(`${url}/mempool/txids: not a list of transaction ids`);
      return list as string[];
    },
    rawTransaction: (txid) => bytes(`/tx/${txid}/raw`),
    async txBlock(txid) {
      const path = `/tx/${txid}/status`;
      let status: unknown;
      try {
        status = JSON.parse(await text(path));
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        throw new ProviderError(`${url}${path}: not JSON`);
      }
      const s = status as { confirmed?: unknown; block_height?: unknown; block_hash?: unknown } | null;
      if (typeof s !== 'object' || s === null || typeof s.confirmed !== 'boolean')
        throw new ProviderError(`${url}${path}: not a transaction status`);
      if (!s.confirmed) return null;
      const hash = typeof s.block_hash === 'string' ? s.block_hash.toLowerCase() : '';
      if (!Number.isSafeInteger(s.block_height) || (s.block_height as number) < 0 || !HASH.test(hash))
        throw new ProviderError(`${url}${path}: not a block height and hash`);
      return { height: s.block_height as number, hash };
    },
  };
}
