import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nobleHashes } from '../core/liabilities/noble';
import { checkPinnedRound } from '../core/liabilities/pinned-round';
import type { RoundVector, VectorFile } from '../core/liabilities/vectors';
import { nodeHashes } from '../server/modules/liabilities/node-hashes';
import { nodeEd25519 } from './node-ed25519';
import { webCryptoEd25519 } from './webcrypto-ed25519';

const { vectors } = JSON.parse(readFileSync('src/web/public/proof-of-liabilities/vectors.json', 'utf8')) as VectorFile;
const rounds = vectors.filter((v): v is RoundVector => v.kind === 'round');

describe('a published round is believed only under the pinned key (decision 045)', () => {
  it('the vectors include rounds re-signed by a stranger, refused', () => {
    const refused = rounds.filter((v) => !v.expect.ok && v.expect.failure === 'key_mismatch');
    expect(refused.map((v) => v.name)).toEqual([
      'reject round: re-signed by a stranger, same root and total, pinned by key',
      'reject round: re-signed by a stranger, pinned by fingerprint',
    ]);
  });

  // The command line checks with node:crypto, the offline page with WebCrypto: both give every vector.
  for (const [name, hashes, ed25519] of [
    ['command line (node:crypto)', nodeHashes, nodeEd25519],
    ['offline page (WebCrypto, @noble/hashes)', nobleHashes, webCryptoEd25519],
  ] as const)
    it.each(rounds.map((v) => [v.name, v] as const))(`${name}: %s`, async (_name, v) => {
      const r = await checkPinnedRound(hashes, ed25519, v.rounds, v.round, v.pinned);
      if (v.expect.ok) expect(r).toMatchObject({ ok: true, round: { round: v.round } });
      else expect(r).toMatchObject({ ok: false, failure: v.expect.failure });
    });
});
