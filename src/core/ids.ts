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

/** A new UUIDv7; within one millisecond a 12-bit counter keeps later ids sorting after earlier ones. */
export function timeOrderedId(nowMs: number = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  if (nowMs > lastMs) {
    lastMs = nowMs;
    sequence = bytes[6]! & 0x03; // a random start, leaving room to count up
  } else {
    // The same millisecond (or a clock that stepped back): count on from the last id.
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
  }
  const ms = lastMs;
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | (sequence >>> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
