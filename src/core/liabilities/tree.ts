/**
 * The Merkle sum tree of a proof-of-liabilities round (decision 034), the part every verifier
 * shares. Hash functions are handed in, so that the same code runs on @noble/hashes in the
 * browser and on node:crypto in the zero-dependency command-line verifier.
 */

export interface Hashes {
  sha256(data: Uint8Array): Uint8Array;
  hmacSha256(key: Uint8Array, data: Uint8Array): Uint8Array;
}

export interface SumNode {
  digest: Uint8Array;
  /** Integer cents, never negative. */
  value: number;
}

/** Sums stay exact in a double: no value or sum may go above this. */
export const MAX_VALUE = Number.MAX_SAFE_INTEGER;
export const MAX_HEIGHT = 32;
export const DIGEST_BYTES = 32;
export const PROOF_FORMAT = 'atlas-proof-of-liabilities/1';

const encoder = new TextEncoder();

/** A length-prefixed tag, so that no leaf input can be read as a node input or the reverse. */
function tag(text: string): Uint8Array {
  const bytes = encoder.encode(text);
  return concat(Uint8Array.of(bytes.length), bytes);
}
const ROUND_NONCE_TAG = tag('atlas-pol/v1/round-nonce');
const LEAF_TAG = tag('atlas-pol/v1/leaf');
const NODE_TAG = tag('atlas-pol/v1/node');

export function concat(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function isValue(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function notValue(n: number): RangeError {
  return new RangeError(`not a non-negative safe integer: ${n}`);
}

/** Big-endian, as `u64` encodes it; the caller has checked `n`. */
function writeU64(view: DataView, at: number, n: number): void {
  view.setUint32(at, Math.floor(n / 2 ** 32));
  view.setUint32(at + 4, n >>> 0);
}

export function u64(n: number): Uint8Array {
  if (!isValue(n)) throw notValue(n);
  const out = new Uint8Array(8);
  writeU64(new DataView(out.buffer), 0, n);
  return out;
}

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** Lower-case hex of exactly `bytes` bytes, or null. */
export function fromHex(text: unknown, bytes: number): Uint8Array | null {
  if (typeof text !== 'string' || text.length !== bytes * 2 || !/^[0-9a-f]*$/.test(text)) return null;
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** The per-round nonce: a fresh key each round, so that one investor's leaves cannot be linked across rounds. */
export function roundNonce(h: Hashes, accountNonce: Uint8Array, round: number): Uint8Array {
  return roundNonces(h, round)(accountNonce);
}

/** `roundNonce` for every investor of one round (the input is the same for all of them). */
export function roundNonces(h: Hashes, round: number): (accountNonce: Uint8Array) => Uint8Array {
  const input = concat(ROUND_NONCE_TAG, u64(round));
  return (accountNonce) => h.hmacSha256(accountNonce, input);
}

export function leafDigest(h: Hashes, nonce: Uint8Array, value: number, index: number, asset: string): Uint8Array {
  return leafDigests(h, asset)(nonce, value, index);
}

/**
 * `leafDigest` for the many leaves of one asset: each leaf's input, tag ‖ u64 value ‖ u32 index ‖
 * asset, is written into one buffer instead of being put together anew (a round hashes millions).
 */
export function leafDigests(h: Hashes, asset: string): (nonce: Uint8Array, value: number, index: number) => Uint8Array {
  const input = concat(LEAF_TAG, new Uint8Array(8 + 4), tag(asset));
  const view = new DataView(input.buffer);
  return (nonce, value, index) => {
    if (!isValue(value)) throw notValue(value);
    writeU64(view, LEAF_TAG.length, value);
    view.setUint32(LEAF_TAG.length + 8, index);
    return h.hmacSha256(nonce, input);
  };
}

/** Both children's values are hashed into the parent (the fix for "Breaking the Binding"). */
export function parentOf(h: Hashes, left: SumNode, right: SumNode): SumNode {
  const value = left.value + right.value;
  if (!isValue(left.value) || !isValue(right.value) || value > MAX_VALUE) throw new RangeError('sum overflow');
  return { digest: parentDigests(h)(left.digest, 0, left.value, right.digest, 0, right.value), value };
}

/**
 * The digest `parentOf` gives, for many parents: tag ‖ left digest ‖ u64 left value ‖ right digest
 * ‖ u64 right value written into one buffer, each digest read at its offset in a packed array. The
 * caller has checked both values and their sum.
 */
export function parentDigests(
  h: Hashes,
): (
  left: Uint8Array,
  leftAt: number,
  leftValue: number,
  right: Uint8Array,
  rightAt: number,
  rightValue: number,
) => Uint8Array {
  const input = new Uint8Array(NODE_TAG.length + 2 * (DIGEST_BYTES + 8));
  input.set(NODE_TAG);
  const view = new DataView(input.buffer);
  const l = NODE_TAG.length;
  const r = l + DIGEST_BYTES + 8;
  return (left, leftAt, leftValue, right, rightAt, rightValue) => {
    for (let i = 0; i < DIGEST_BYTES; i++) {
      input[l + i] = left[leftAt + i]!;
      input[r + i] = right[rightAt + i]!;
    }
    writeU64(view, l + DIGEST_BYTES, leftValue);
    writeU64(view, r + DIGEST_BYTES, rightValue);
    return h.sha256(input);
  };
}

/** The round as published (and signed): verifiers take the root from here, never from a proof file. */
export interface PublishedRound {
  round: number;
  asset: string;
  height: number;
  /** Hex of the root digest. */
  root: string;
  /** Cents: the root's value, equal to the ledger's liabilities at the watermark. */
  total: number;
}

export interface ProofSibling {
  digest: string;
  value: number;
}

export interface ProofLeaf {
  /** The chunk's number among the investor's chunks (0, 1, …), hashed into the leaf. */
  index: number;
  value: number;
  /** The leaf's place at the bottom of the tree, 0 … 2^height − 1; its bits say on which side each step goes. */
  position: number;
  digest: string;
  /** Siblings from the bottom up: exactly `height` of them. */
  path: ProofSibling[];
}

/** What one investor downloads: their own chunks and paths, nothing of anyone else but sibling sums. */
export interface ProofFile {
  format: typeof PROOF_FORMAT;
  round: number;
  asset: string;
  height: number;
  leaves: ProofLeaf[];
}
