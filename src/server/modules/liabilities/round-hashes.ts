import { hash } from 'node:crypto';
import type { Hashes } from '../../../core/liabilities/tree';
import { nodeHashes } from './node-hashes';

const BLOCK = 64;
const DIGEST = 32;

/**
 * The digest as a one-byte ('binary', latin-1) string, copied into a small array: a Buffer result would come with its
 * own memory outside the heap, which cost more than the hashing itself and most of the collector's
 * time over the seven million digests of a round.
 */
function bytesOf(digest: string): Uint8Array {
  const out = new Uint8Array(DIGEST);
  for (let i = 0; i < DIGEST; i++) out[i] = digest.charCodeAt(i);
  return out;
}
const sha256 = (data: Uint8Array): Uint8Array => bytesOf(hash('sha256', data, 'binary'));

/**
 * The hashes the server builds rounds with: the same SHA-256 and HMAC-SHA256 as `nodeHashes`, made
 * with node:crypto's one-shot `hash` (Node 20.12 and later), a fraction of the cost of a
 * createHash or createHmac object each time; a round for a million investors hashes about seven
 * million times. The HMAC is RFC 2104's: H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)), K zero-padded to the
 * 64-byte block (every key of a round is 32 bytes; a longer one goes to createHmac, which hashes it
 * first). The command-line verifier keeps `nodeHashes`, which runs on older Node.
 */
export const roundHashes: Hashes = {
  sha256,
  hmacSha256(key, data) {
    if (key.length > BLOCK) return nodeHashes.hmacSha256(key, data);
    // Scratch space, reused: the inputs are hashed before this returns and never kept.
    const inner = scratch(BLOCK + data.length);
    for (let i = 0; i < BLOCK; i++) {
      const k = i < key.length ? key[i]! : 0;
      inner[i] = k ^ 0x36;
      outer[i] = k ^ 0x5c;
    }
    inner.set(data, BLOCK);
    outer.write(hash('sha256', inner, 'binary'), BLOCK, 'binary');
    return sha256(outer);
  },
};

const outer = Buffer.alloc(BLOCK + DIGEST);
const inners = new Map<number, Buffer>();
function scratch(length: number): Buffer {
  let buffer = inners.get(length);
  if (!buffer) {
    buffer = Buffer.alloc(length);
    if (inners.size < 16) inners.set(length, buffer);
  }
  return buffer;
}
