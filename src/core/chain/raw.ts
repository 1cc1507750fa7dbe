import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes as nobleHexToBytes } from '@noble/hashes/utils.js';
import type { ChainCoin } from './account-key';

/**
 * A strict reader of raw Bitcoin and Litecoin transactions and blocks (decision 055). The watcher
 * never takes a provider's word for what a transaction pays: it reads the bytes, recomputes each
 * transaction's id (double SHA-256 of the serialisation without witnesses) and, for a block, the
 * header's hash and the Merkle root over those ids. Anything it cannot read exactly is refused.
 */

export class RawError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RawError';
  }
}

export interface RawOutput {
  /** In the coin's smallest unit (satoshi, litoshi); below 2^53 for both coins. */
  value: number;
  /** Where the output's script lies in the bytes it was read from. */
  scriptStart: number;
  scriptEnd: number;
}

export interface RawTransaction {
  /** The id as explorers show it (hex of the reversed double SHA-256). */
  txid: string;
  /** The same id in internal byte order, for the Merkle root. */
  hash: Uint8Array;
  outputs: RawOutput[];
  /** Where the transaction ends in the bytes it was read from. */
  end: number;
}

export interface RawBlock {
  /** The header's hash as explorers show it. */
  hash: string;
  previousHash: string;
  merkleRoot: string;
  transactions: RawTransaction[];
  /** The bytes the offsets of the outputs refer to. */
  bytes: Uint8Array;
}

const MAX_U53_HIGH = 0x200000;
/** Litecoin's flag bit for a MimbleWimble extension part (only an empty one is read). */
const LTC_MWEB = 0x08;

export function hexToBytes(hex: string): Uint8Array {
  const text = hex.trim();
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) throw new RawError('not hexadecimal');
  return nobleHexToBytes(text);
}

export function reversedHex(bytes: Uint8Array): string {
  return bytesToHex(bytes.slice().reverse());
}

export function doubleSha256(...parts: Uint8Array[]): Uint8Array {
  const first = sha256.create();
  for (const part of parts) first.update(part);
  return sha256(first.digest());
}

class Reader {
  constructor(
    readonly bytes: Uint8Array,
    public at: number,
  ) {}

  need(n: number): void {
    if (n < 0 || this.at + n > this.bytes.length) throw new RawError('truncated');
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.at++]!;
  }

  u32(): number {
    this.need(4);
    const b = this.bytes;
    const v = (b[this.at]! | (b[this.at + 1]! << 8) | (b[this.at + 2]! << 16) | (b[this.at + 3]! << 24)) >>> 0;
    this.at += 4;
    return v;
  }

  /** A CompactSize, refusing non-canonical encodings and counts no message could hold. */
  varint(): number {
    const first = this.u8();
    if (first < 0xfd) return first;
    if (first === 0xfd) {
      this.need(2);
      const v = this.bytes[this.at]! | (this.bytes[this.at + 1]! << 8);
      this.at += 2;
      if (v < 0xfd) throw new RawError('non-canonical size');
      return v;
    }
    if (first === 0xfe) {
      const v = this.u32();
      if (v <= 0xffff) throw new RawError('non-canonical size');
      return v;
    }
    throw new RawError('size too large');
  }

  skip(n: number): void {
    this.need(n);
    this.at += n;
  }
}

/**
 * Reads one transaction at `start`. `coin` says which extensions are allowed: SegWit for both,
 * and for Litecoin the MWEB flag with an empty extension (what its integrating transaction carries).
 */
export function readTransaction(bytes: Uint8Array, start: number, coin: ChainCoin): RawTransaction {
  const r = new Reader(bytes, start);
  r.skip(4);
  let flags = 0;
  if (bytes[r.at] === 0x00) {
    r.skip(1);
    flags = r.u8();
    const allowed = coin === 'LTC' ? 0x01 | LTC_MWEB : 0x01;
    if (flags === 0 || (flags & ~allowed) !== 0) throw new RawError(`unknown transaction flags ${flags}`);
  }
  const ioStart = r.at;
  const inputs = r.varint();
  if (inputs === 0 && !(flags & LTC_MWEB)) throw new RawError('no inputs');
  for (let i = 0; i < inputs; i++) {
    r.skip(36);
    r.skip(r.varint());
    r.skip(4);
  }
  const count = r.varint();
  const outputs: RawOutput[] = new Array<RawOutput>(count);
  for (let i = 0; i < count; i++) {
    const low = r.u32();
    const high = r.u32();
    if (high >= MAX_U53_HIGH) throw new RawError('output value too large');
    const length = r.varint();
    r.need(length);
    outputs[i] = { value: high * 0x100000000 + low, scriptStart: r.at, scriptEnd: r.at + length };
    r.at += length;
  }
  const ioEnd = r.at;
  if (flags & 0x01) {
    for (let i = 0; i < inputs; i++) {
      const items = r.varint();
      for (let j = 0; j < items; j++) r.skip(r.varint());
    }
  }
  if (flags & LTC_MWEB) {
    // An optional MWEB body follows; its length is not self-describing, so only "none" is read.
    if (r.u8() !== 0) throw new RawError('a MWEB transaction body is not read');
  }
  const lockStart = r.at;
  r.skip(4);
  const hash = doubleSha256(
    bytes.subarray(start, start + 4),
    bytes.subarray(ioStart, ioEnd),
    bytes.subarray(lockStart, lockStart + 4),
  );
  return { txid: reversedHex(hash), hash, outputs, end: r.at };
}

/**
 * Reads a whole raw transaction and checks it is the one asked for: `expectedTxid` must be the id
 * its bytes hash to, and nothing may follow it.
 */
export function decodeTransaction(raw: Uint8Array, coin: ChainCoin, expectedTxid?: string): RawTransaction {
  const tx = readTransaction(raw, 0, coin);
  if (tx.end !== raw.length) throw new RawError('bytes after the transaction');
  if (expectedTxid !== undefined && tx.txid !== expectedTxid.toLowerCase())
    throw new RawError(`content hashes to ${tx.txid}, not to ${expectedTxid}`);
  return tx;
}

export function merkleRoot(hashes: Uint8Array[]): Uint8Array {
  if (hashes.length === 0) throw new RawError('no transactions');
  let level = hashes;
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(doubleSha256(level[i]!, level[i + 1] ?? level[i]!));
    level = next;
  }
  return level[0]!;
}

/**
 * Reads a raw block and checks it against the hash it was asked by: the header must hash to
 * `expectedHash`, and the Merkle root it commits to must be the one over the ids recomputed from
 * the transactions' bytes, so no transaction can be altered, added or dropped. A repeated id (the
 * Merkle tree's known ambiguity) is refused. Litecoin's MWEB extension after the transactions is
 * not part of that root and is not read.
 */
export function decodeBlock(raw: Uint8Array, coin: ChainCoin, expectedHash?: string): RawBlock {
  if (raw.length < 81) throw new RawError('truncated');
  const header = raw.subarray(0, 80);
  const hash = reversedHex(doubleSha256(header));
  if (expectedHash !== undefined && hash !== expectedHash.toLowerCase())
    throw new RawError(`header hashes to ${hash}, not to ${expectedHash}`);
  const r = new Reader(raw, 80);
  const count = r.varint();
  if (count === 0) throw new RawError('no transactions');
  const transactions: RawTransaction[] = new Array<RawTransaction>(count);
  let at = r.at;
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const tx = readTransaction(raw, at, coin);
    if (seen.has(tx.txid)) throw new RawError(`transaction ${tx.txid} repeated`);
    seen.add(tx.txid);
    transactions[i] = tx;
    at = tx.end;
  }
  if (coin === 'BTC' && at !== raw.length) throw new RawError('bytes after the transactions');
  const root = reversedHex(merkleRoot(transactions.map((t) => t.hash)));
  const committed = reversedHex(raw.subarray(36, 68));
  if (root !== committed) throw new RawError(`transactions do not match the header's Merkle root`);
  return { hash, previousHash: reversedHex(raw.subarray(4, 36)), merkleRoot: committed, transactions, bytes: raw };
}
