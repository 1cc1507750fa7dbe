import { bech32 } from '@scure/base';
import type { ChainCoin } from './account-key';
import type { RawTransaction } from './raw';

/**
 * The addresses the watcher looks for (decision 055): each investor's native SegWit address, kept
 * as the 20-byte key hash its output script carries, mapped to its derivation index. A block's
 * cost is one lookup per output whatever the number of investors, and the set stays small: a
 * 20-character one-byte string and a small integer per address (bench/chain).
 */

const prefixes: Record<ChainCoin, string> = { BTC: 'bc', LTC: 'ltc' };

/** The 20-byte hash of a P2WPKH address of `coin`, as the set's key; null for any other address. */
export function p2wpkhKey(coin: ChainCoin, address: string): string | null {
  let decoded: { prefix: string; words: number[] };
  try {
    decoded = bech32.decode(address as `${string}1${string}`);
  } catch {
    return null;
  }
  if (decoded.prefix !== prefixes[coin] || decoded.words[0] !== 0) return null;
  const program = bech32.fromWords(decoded.words.slice(1));
  return program.length === 20 ? keyOf(program, 0) : null;
}

/** One flat string straight from the bytes (a string built by `+=` would keep a chain of pieces). */
function keyOf(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + 20));
}

/** A P2WPKH output script is `OP_0 <20 bytes>`: 0x00 0x14 then the key hash. */
function outputKey(bytes: Uint8Array, start: number, end: number): string | null {
  if (end - start !== 22 || bytes[start] !== 0x00 || bytes[start + 1] !== 0x14) return null;
  return keyOf(bytes, start + 2);
}

export interface Match {
  txid: string;
  vout: number;
  value: number;
  /** The derivation index of the address paid. */
  index: number;
}

export class WatchedSet {
  private readonly byKey = new Map<string, number>();

  constructor(readonly coin: ChainCoin) {}

  get size(): number {
    return this.byKey.size;
  }

  /** Adds an address; false when it is not a P2WPKH address of this coin (never watched). */
  add(address: string, index: number): boolean {
    const key = p2wpkhKey(this.coin, address);
    if (key === null) return false;
    this.byKey.set(key, index);
    return true;
  }

  /** Adds a key hash directly (20 bytes), as the bench does for a million addresses. */
  addHash(hash: Uint8Array, index: number): void {
    if (hash.length !== 20) throw new RangeError('a key hash has 20 bytes');
    this.byKey.set(keyOf(hash, 0), index);
  }

  /** Every output of these transactions paying a watched address. */
  match(bytes: Uint8Array, transactions: readonly RawTransaction[]): Match[] {
    const found: Match[] = [];
    for (const tx of transactions) {
      for (let vout = 0; vout < tx.outputs.length; vout++) {
        const out = tx.outputs[vout]!;
        const key = outputKey(bytes, out.scriptStart, out.scriptEnd);
        if (key === null) continue;
        const index = this.byKey.get(key);
        if (index !== undefined) found.push({ txid: tx.txid, vout, value: out.value, index });
      }
    }
    return found;
  }
}
