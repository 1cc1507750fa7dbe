import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nobleHashes } from '../../../core/liabilities/noble';
import { generateVectors } from '../../../core/liabilities/vectors';
import { nodeHashes } from './node-hashes';
import { roundHashes } from './round-hashes';
import { ed25519FromSeed } from './signing';

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed * 7 + 3) & 0xff);

describe('the hashes rounds are built with', () => {
  it('give the published vectors, like the browser’s and the command line’s', () => {
    const published = JSON.parse(
      readFileSync(new URL('../../../web/public/proof-of-liabilities/vectors.json', import.meta.url), 'utf8'),
    ) as unknown;
    expect(generateVectors(roundHashes, ed25519FromSeed)).toEqual(published);
  });

  it('are SHA-256 and HMAC-SHA256 for every key length (shorter, equal to and longer than a block) and input', () => {
    for (const keyLength of [0, 1, 31, 32, 33, 63, 64, 65, 100, 200])
      for (const dataLength of [0, 1, 55, 56, 64, 98, 1000]) {
        const key = bytes(keyLength, keyLength);
        const data = bytes(dataLength, dataLength + 1);
        const expected = nobleHashes.hmacSha256(key, data);
        expect(
          Buffer.from(roundHashes.hmacSha256(key, data)).toString('hex'),
          `key ${keyLength}, data ${dataLength}`,
        ).toBe(Buffer.from(expected).toString('hex'));
        expect(Buffer.from(nodeHashes.hmacSha256(key, data)).equals(Buffer.from(expected))).toBe(true);
        expect(Buffer.from(roundHashes.sha256(data)).equals(Buffer.from(nobleHashes.sha256(data)))).toBe(true);
      }
  });
});
