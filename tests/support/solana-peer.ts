import { randomBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import type { PeerMode } from './esplora-peer';
import { serveJsonPeer } from './json-peer';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** A fresh Solana address: 32 random bytes in base58. */
export function solanaAddress(): string {
  return base58.encode(randomBytes(32));
}

/** A signature no transaction has: 64 random bytes in base58. */
export function solanaSignature(): string {
  return base58.encode(randomBytes(64));
}

export interface SolTransferSpec {
  to: string;
  /** The paying account: a fresh one by default. */
  from?: string;
  lamports: bigint;
  /** Finalized (answered at `finalized` commitment): true by default; otherwise only at `confirmed`. */
  final?: boolean;
  /** The transaction failed (`meta.err` set). */
  failed?: boolean;
  /** A lying provider: the answer carries another transaction's signature. */
  lieSignature?: boolean;
  /** A lying provider: the balances do not move as the instruction says. */
  lieBalances?: boolean;
}

export interface SolanaPeer {
  url: string;
  mode: PeerMode;
  slowMs: number;
  hits: string[];
  /** A system-program transfer from a fresh address, as `getTransaction` (jsonParsed) returns it; its signature. */
  transfer(spec: SolTransferSpec): string;
  finalize(signature: string): void;
  close(): Promise<void>;
}

/**
 * A Solana JSON-RPC-shaped server answering `getTransaction` with the `jsonParsed` encoding, as the
 * published RPC does: `result` null for an unknown signature or one not reached at the commitment
 * asked; `meta` with pre/post balances; parsed system instructions.
 */
export async function startSolanaPeer(): Promise<SolanaPeer> {
  const txs = new Map<string, { result: Record<string, unknown>; final: boolean }>();
  let slot = 330_000_000;
  const peer = { mode: 'ok' as PeerMode, slowMs: 5000, hits: [] as string[] };

  function transfer(spec: SolTransferSpec): string {
    const signature = solanaSignature();
    const source = spec.from ?? solanaAddress();
    const fee = 5000;
    const before = 50_000_000_000;
    const platformBefore = 1_000_000_000;
    const moved = spec.failed ? 0 : Number(spec.lamports);
    slot += 3;
    const result = {
      // The chain's time is now (seconds, rounded up): after a sending address registered before it.
      blockTime: Math.ceil(Date.now() / 1000) + 1,
      meta: {
        computeUnitsConsumed: 150,
        err: spec.failed ? { InstructionError: [0, { Custom: 1 }] } : null,
        fee,
        innerInstructions: [],
        logMessages: [
          `Program ${SYSTEM_PROGRAM} invoke [1]`,
          spec.failed
            ? `Program ${SYSTEM_PROGRAM} failed: custom program error: 0x1`
            : `Program ${SYSTEM_PROGRAM} success`,
        ],
        postBalances: [before - fee - moved, platformBefore + (spec.lieBalances ? 0 : moved), 1],
        postTokenBalances: [],
        preBalances: [before, platformBefore, 1],
        preTokenBalances: [],
        rewards: [],
        status: spec.failed ? { Err: { InstructionError: [0, { Custom: 1 }] } } : { Ok: null },
      },
      slot,
      transaction: {
        message: {
          accountKeys: [
            { pubkey: source, signer: true, source: 'transaction', writable: true },
            { pubkey: spec.to, signer: false, source: 'transaction', writable: true },
            { pubkey: SYSTEM_PROGRAM, signer: false, source: 'transaction', writable: false },
          ],
          instructions: [
            {
              parsed: {
                info: { destination: spec.to, lamports: Number(spec.lamports), source },
                type: 'transfer',
              },
              program: 'system',
              programId: SYSTEM_PROGRAM,
              stackHeight: null,
            },
          ],
          recentBlockhash: base58.encode(randomBytes(32)),
        },
        signatures: [spec.lieSignature ? solanaSignature() : signature],
      },
      version: 'legacy',
    };
    txs.set(signature, { result, final: spec.final ?? true });
    return signature;
  }

  const answer = (body: unknown): unknown => {
    const call = body as { id?: unknown; method?: unknown; params?: unknown[] };
    if (call.method !== 'getTransaction')
      return { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32601, message: 'Method not found' } };
    const [signature, options] = (call.params ?? []) as [string, { commitment?: string } | undefined];
    const stored = txs.get(signature);
    const commitment = options?.commitment ?? 'finalized';
    const visible = stored && (stored.final || commitment !== 'finalized');
    return { jsonrpc: '2.0', id: call.id ?? null, result: visible ? stored.result : null };
  };

  const served = await serveJsonPeer(peer, (_path, text) => {
    try {
      return { status: 200, body: answer(JSON.parse(text)) };
    } catch {
      return { status: 200, body: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } };
    }
  });
  return Object.assign(peer, {
    url: `${served.url}/`,
    transfer,
    finalize: (signature: string) => {
      const s = txs.get(signature);
      if (s) s.final = true;
    },
    close: served.close,
  });
}
