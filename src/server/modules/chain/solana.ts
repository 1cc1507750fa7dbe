/**
 * SOL payments to the platform's one Solana address, read through the JSON-RPC `getTransaction`
 * (decision 060). Asked at `finalized` commitment (a supermajority rooted it: final), with the
 * parsed encoding; the answer must be the signature asked for, without error, and its balance
 * changes must back the system transfers it lists to the platform's address.
 */
import { ProviderError, providerPostJson } from './esplora';

/** One system-program transfer to the platform's address: `index` is the instruction's place. */
export interface SolTransfer {
  index: number;
  lamports: bigint;
}

export type SolReading =
  | { kind: 'not_found' }
  | { kind: 'failed' }
  | { kind: 'wrong_destination' }
  | { kind: 'not_final' }
  | {
      kind: 'final';
      slot: number;
      /** The block's time (ms), the chain's own. */
      at: number;
      /** The accounts the transfers to the platform came from. */
      senders: string[];
      transfers: SolTransfer[];
    };

/** Refused content: the provider said something that does not hold together. */
export class SolMismatch extends Error {}

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface SolanaRpc {
  readonly url: string;
  read(signature: string, address: string): Promise<SolReading>;
}

export function createSolanaRpc(url: string, timeoutMs: number): SolanaRpc {
  async function getTransaction(signature: string, commitment: 'finalized' | 'confirmed'): Promise<unknown> {
    const body = await providerPostJson(
      url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'getTransaction',
        params: [signature, { encoding: 'jsonParsed', commitment, maxSupportedTransactionVersion: 0 }],
      },
      timeoutMs,
    );
    if (!isObject(body)) throw new ProviderError(`${url}: not a JSON-RPC answer`);
    if (body.error !== undefined) throw new ProviderError(`${url}: JSON-RPC error ${JSON.stringify(body.error)}`);
    if (!('result' in body)) throw new ProviderError(`${url}: no result`);
    return body.result;
  }

  return {
    url,
    async read(signature, address) {
      const result = await getTransaction(signature, 'finalized');
      if (result === null) {
        // Not finalized: known at a lower commitment (wait), or not at all.
        const seen = await getTransaction(signature, 'confirmed');
        return seen === null ? { kind: 'not_found' } : { kind: 'not_final' };
      }
      if (!isObject(result) || !isObject(result.meta) || !isObject(result.transaction))
        throw new ProviderError(`${url}: not a transaction`);
      const { meta, transaction } = result;
      const signatures = Array.isArray(transaction.signatures) ? transaction.signatures : [];
      if (signatures[0] !== signature) throw new SolMismatch('the answer is of another transaction');
      if (!Number.isSafeInteger(result.slot)) throw new ProviderError(`${url}: no slot`);
      if (meta.err !== null) return { kind: 'failed' };
      const message = isObject(transaction.message) ? transaction.message : {};
      const instructions = Array.isArray(message.instructions) ? message.instructions : [];
      const transfers: SolTransfer[] = [];
      const senders = new Set<string>();
      instructions.forEach((ix: unknown, index) => {
        if (!isObject(ix) || ix.programId !== SYSTEM_PROGRAM || !isObject(ix.parsed)) return;
        const { type, info } = ix.parsed;
        if ((type !== 'transfer' && type !== 'transferWithSeed') || !isObject(info)) return;
        if (info.destination !== address) return;
        const lamports = info.lamports;
        if (!Number.isSafeInteger(lamports) || (lamports as number) <= 0) return;
        if (typeof info.source !== 'string') return;
        senders.add(info.source);
        transfers.push({ index, lamports: BigInt(lamports as number) });
      });
      if (transfers.length === 0) return { kind: 'wrong_destination' };
      // The balance change of the platform's account must cover what the instructions say it got.
      const keys = Array.isArray(message.accountKeys) ? message.accountKeys : [];
      const at = keys.findIndex((k: unknown) => (isObject(k) ? k.pubkey : k) === address);
      const pre = Array.isArray(meta.preBalances) ? meta.preBalances[at] : undefined;
      const post = Array.isArray(meta.postBalances) ? meta.postBalances[at] : undefined;
      if (at < 0 || !Number.isSafeInteger(pre) || !Number.isSafeInteger(post))
        throw new SolMismatch('the platform’s account is not in the transaction’s balances');
      const total = transfers.reduce((sum, t) => sum + t.lamports, 0n);
      if (BigInt(post as number) - BigInt(pre as number) < total)
        throw new SolMismatch('the balances do not back the transfers listed');
      if (!Number.isSafeInteger(result.blockTime) || (result.blockTime as number) <= 0)
        throw new ProviderError(`${url}: no block time`);
      return {
        kind: 'final',
        slot: result.slot as number,
        at: (result.blockTime as number) * 1000,
        senders: [...senders],
        transfers,
      };
    },
  };
}
