import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLiabilityTree, heightFor, proofFor, levelReader } from './build';
import { nobleHashes as h } from './noble';
import { fromHex, parentOf, toHex } from './tree';
import { generateVectors, type BuildVector, type VectorFile, type VerifyVector } from './vectors';
import { verifyProof } from './verify';

const published = JSON.parse(
  readFileSync(new URL('../../web/public/proof-of-liabilities/vectors.json', import.meta.url), 'utf8'),
) as VectorFile;
const builds = published.vectors.filter((v): v is BuildVector => v.kind === 'build');
const verifies = published.vectors.filter((v): v is VerifyVector => v.kind === 'verify');

describe('published test vectors', () => {
  it('are at least 30, at least 10 of them negative, and what the construction gives today', () => {
    expect(published.vectors.length).toBeGreaterThanOrEqual(30);
    expect(verifies.filter((v) => !v.expect.ok).length).toBeGreaterThanOrEqual(10);
    expect(generateVectors(h)).toEqual(published);
  });

  it.each(builds.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const tree = buildLiabilityTree(
      h,
      v.liabilities.map((l) => ({ key: l.key, accountNonce: fromHex(l.accountNonce, 32)!, balance: l.balance })),
      { round: v.round, asset: v.asset, seed: fromHex(v.seed, 32)!, minHeight: v.minHeight, chunks: v.chunks },
    );
    const { positions, ...round } = v.expect;
    expect(tree.published).toEqual(round);
    expect(Object.fromEntries(tree.positions)).toEqual(positions);
  });

  it.each(verifies.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const result = verifyProof(h, {
      published: v.published,
      proof: v.proof,
      accountNonce: v.accountNonce,
      ...(v.expectedBalance === undefined ? {} : { expectedBalance: v.expectedBalance }),
    });
    if (v.expect.ok) {
      expect(result).toMatchObject({ ok: true, balance: v.expect.balance });
      expect(result.checks.every((c) => c.ok)).toBe(true);
    } else {
      expect(result).toMatchObject({ ok: false, failure: v.expect.failure });
      expect(result.checks.at(-1)).toMatchObject({ ok: false, failure: v.expect.failure });
    }
  });
});

const nonce = (n: number) => h.sha256(Uint8Array.of(n));
const seed = (n: number) => h.sha256(Uint8Array.of(200, n));

describe('construction', () => {
  it('gives the same root from the same liabilities and seed, whatever their order', () => {
    const ls = [1, 2, 3, 4].map((i) => ({ key: `k${i}`, accountNonce: nonce(i), balance: i * 1000 }));
    const a = buildLiabilityTree(h, ls, { round: 1, asset: 'USD', seed: seed(1), minHeight: 4 });
    const b = buildLiabilityTree(h, [...ls].reverse(), { round: 1, asset: 'USD', seed: seed(1), minHeight: 4 });
    const c = buildLiabilityTree(h, ls, { round: 1, asset: 'USD', seed: seed(2), minHeight: 4 });
    expect(b.published).toEqual(a.published);
    expect(c.published.root).not.toBe(a.published.root);
    expect(c.published.total).toBe(10000);
  });

  it('makes the same balance unlinkable between two rounds: no common digest, other chunks, other places', () => {
    const ls = [{ key: 'me', accountNonce: nonce(9), balance: 123456 }];
    const r1 = buildLiabilityTree(h, ls, { round: 1, asset: 'USD', seed: seed(3), minHeight: 6 });
    const r2 = buildLiabilityTree(h, ls, { round: 2, asset: 'USD', seed: seed(4), minHeight: 6 });
    const p1 = proofFor(r1.published, r1.positions.get('me')!, levelReader(r1.levels));
    const p2 = proofFor(r2.published, r2.positions.get('me')!, levelReader(r2.levels));
    const digests = (p: typeof p1) => new Set(p.leaves.flatMap((l) => [l.digest, ...l.path.map((s) => s.digest)]));
    const d1 = digests(p1);
    expect([...digests(p2)].some((d) => d1.has(d))).toBe(false);
    expect(p1.leaves.map((l) => l.value)).not.toEqual(p2.leaves.map((l) => l.value));
  });

  it('splits every balance into chunks that sum to it and pads with zero-value leaves', () => {
    const ls = Array.from({ length: 9 }, (_, i) => ({ key: `k${i}`, accountNonce: nonce(i), balance: 1 + i * 977 }));
    const tree = buildLiabilityTree(h, ls, { round: 3, asset: 'USD', seed: seed(5), minHeight: 3 });
    expect(tree.published.height).toBe(5);
    for (const l of ls) {
      const proof = proofFor(tree.published, tree.positions.get(l.key)!, levelReader(tree.levels));
      expect(proof.leaves).toHaveLength(2);
      expect(proof.leaves.reduce((s, x) => s + x.value, 0)).toBe(l.balance);
      expect(verifyProof(h, { published: tree.published, proof, accountNonce: toHex(l.accountNonce) }).ok).toBe(true);
    }
    const leafValues = [...tree.levels[0]!.values];
    expect(leafValues.filter((v) => v === 0).length).toBeGreaterThanOrEqual(32 - 18);
  });

  it('pads to a height that hides the count below the minimum, and grows only past it', () => {
    expect(heightFor(1, 16)).toBe(16);
    expect(heightFor(2 ** 16, 16)).toBe(16);
    expect(heightFor(2 ** 16 + 1, 16)).toBe(17);
    expect(() => heightFor(2 ** 33, 1)).toThrow(RangeError);
  });

  it('refuses negative balances, fractions, duplicates, one chunk, and sums that overflow', () => {
    const opts = { round: 1, asset: 'USD', seed: seed(6), minHeight: 2 };
    const one = (balance: number, key = 'a') => ({ key, accountNonce: nonce(1), balance });
    expect(() => buildLiabilityTree(h, [one(-1)], opts)).toThrow(RangeError);
    expect(() => buildLiabilityTree(h, [one(1.5)], opts)).toThrow(RangeError);
    expect(() => buildLiabilityTree(h, [one(1), one(2)], opts)).toThrow('duplicate');
    expect(() => buildLiabilityTree(h, [one(1)], { ...opts, chunks: 1 })).toThrow(RangeError);
    expect(() => buildLiabilityTree(h, [one(2 ** 52), one(2 ** 52, 'b')], opts)).toThrow('overflow');
    const big = { digest: new Uint8Array(32), value: Number.MAX_SAFE_INTEGER };
    expect(() => parentOf(h, big, { digest: new Uint8Array(32), value: 1 })).toThrow('overflow');
  });
});
