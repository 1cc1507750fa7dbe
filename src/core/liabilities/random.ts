import { concat, u64, type Hashes } from './tree';

/**
 * A deterministic stream of random words from a secret round seed: the chunks, the shuffle and
 * the padding of a round are rebuilt exactly from the same snapshot and seed.
 */
export function seededRandom(h: Hashes, seed: Uint8Array) {
  let counter = 0;
  let block: Uint8Array = new Uint8Array(0);
  let view = new DataView(block.buffer);
  let at = 0;
  // seed ‖ u64 counter, the counter rewritten in place for each block.
  const input = concat(seed, u64(0));
  const counterView = new DataView(input.buffer, seed.length);
  const refill = () => {
    counterView.setUint32(0, Math.floor(counter / 2 ** 32));
    counterView.setUint32(4, counter >>> 0);
    counter++;
    block = h.sha256(input);
    view = new DataView(block.buffer, block.byteOffset, block.byteLength);
    at = 0;
  };
  const word = (): number => {
    if (at + 4 > block.length) refill();
    const w = view.getUint32(at);
    at += 4;
    return w;
  };
  return {
    bytes(n: number): Uint8Array {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i += 4) {
        const w = word();
        for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (w >>> (24 - 8 * j)) & 0xff;
      }
      return out;
    },
    /** Uniform in [0, n) for 1 ≤ n ≤ 2^53, by rejection (no modulo bias). */
    below(n: number): number {
      if (!Number.isSafeInteger(n - 1) || n < 1) throw new RangeError(`bad range ${n}`);
      if (n <= 2 ** 32) {
        const limit = 2 ** 32 - (2 ** 32 % n);
        for (;;) {
          const x = word();
          if (x < limit) return x % n;
        }
      }
      const limit = 2 ** 53 - (2 ** 53 % n);
      for (;;) {
        const x = (word() & 0x1fffff) * 2 ** 32 + word();
        if (x < limit) return x % n;
      }
    },
  };
}
