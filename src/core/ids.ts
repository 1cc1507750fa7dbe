/**
 * Ids of journal rows (ledger transactions, transfers, investments, requests): UUID version 7
 * (RFC 9562), a millisecond timestamp then random bits. Each new id sorts after the previous one, so
 * a primary key or an index on it grows at its right edge: on SQLite one page to write per index
 * and commit instead of a random one, on PostgreSQL no full-page image of a random leaf after each
 * checkpoint. About 62 random bits (the other 12 count within a millisecond) keep ids unguessable;
 * nothing grants access by knowing an id anyway.
 */

let lastMs = -1;
let sequence = 0;

// Randomness drawn 4 KiB at a time: one getRandomValues call per id cost more than the rest of the
// id (measured under bench/transfers, 4 % of the server's busy time), and 8 bytes of a pool are as
// unpredictable as 8 bytes drawn alone.
const pool = new Uint8Array(4096);
let poolAt = pool.length;
function randomBytes(n: number): Uint8Array {
  if (poolAt + n > pool.length) {
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  poolAt += n;
  return pool.subarray(poolAt - n, poolAt);
}
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** A new UUIDv7; within one millisecond a 12-bit counter keeps later ids sorting after earlier ones. */
export function timeOrderedId(nowMs: number = Date.now()): string {
  const random = randomBytes(9);
  if (nowMs > lastMs) {
    lastMs = nowMs;
    sequence = random[0]! & 0x03; // a random start, leaving room to count up
  } else {
    // The same millisecond (or a clock that stepped back): count on from the last id.
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
  }
  const ms = lastMs;
  const b = new Uint8Array(16);
  b[0] = Math.floor(ms / 2 ** 40) & 0xff;
  b[1] = Math.floor(ms / 2 ** 32) & 0xff;
  b[2] = (ms >>> 24) & 0xff;
  b[3] = (ms >>> 16) & 0xff;
  b[4] = (ms >>> 8) & 0xff;
  b[5] = ms & 0xff;
  b[6] = 0x70 | (sequence >>> 8);
  b[7] = sequence & 0xff;
  b.set(random.subarray(1), 8);
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = (from: number, to: number) => {
    let out = '';
    for (let i = from; i < to; i++) out += HEX[b[i]!]!;
    return out;
  };
  return `${h(0, 4)}-${h(4, 6)}-${h(6, 8)}-${h(8, 10)}-${h(10, 16)}`;
}
