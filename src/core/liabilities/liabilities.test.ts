import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLiabilityTree, heightFor, proofFor, levelReader } from './build';
import { nobleHashes as h } from './noble';
import { seededRandom } from './random';
import { fromHex, parentOf, toHex } from './tree';
import { generateVectors, type BuildVector, type VectorFile, type VerifyVector } from './vectors';
import { verifyProof } from './verify';

const published = JSON.parse(
  readFileSync(new URL('../../web/public/proof-of-liabilities/vectors.json', import.meta.url), 'utf8'),
) as VectorFile;
const builds = published.vectors.filter((v): v is BuildVector => v.kind === 'build');
const verifies = published.vectors.filter((v): v is VerifyVector => v.kind === 'verify');

/** node:crypto's Ed25519 from a seed (core imports nothing of ours; the server's signing.ts does the same). */
const ed25519 = (seed: Uint8Array) => {
  const key = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return {
    raw: new Uint8Array(createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(-32)),
    sign: (message: Uint8Array) => new Uint8Array(sign(null, message, key)),
  };
};

describe('published test vectors', () => {
  it('are at least 30, at least 10 of them negative, and what the construction gives today', () => {
    expect(published.vectors.length).toBeGreaterThanOrEqual(30);
    expect(verifies.filter((v) => !v.expect.ok).length).toBeGreaterThanOrEqual(10);
    expect(generateVectors(h, ed25519)).toEqual(published);
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

describe('privacy in small books (issue 46, item 18)', () => {
  /** Per investor, the cents each leaf holds of theirs; a node's content is the sum over its leaves. */
  function violations(book: number[], treeSeed: Uint8Array, minHeight: number): string[] {
    const ls = book.map((balance, i) => ({ key: `k${i}`, accountNonce: nonce(i), balance }));
    const tree = buildLiabilityTree(h, ls, { round: 1, asset: 'USD', seed: treeSeed, minHeight });
    const owner = new Map<number, number>();
    ls.forEach((l, i) => tree.positions.get(l.key)!.forEach((p) => owner.set(p, i)));
    const found: string[] = [];
    for (let level = 0; level <= tree.published.height; level++) {
      const values = tree.levels[level]!.values;
      for (let index = 0; index < values.length; index++) {
        const value = values[index]!;
        // Who holds a positive value under this node.
        const holders = new Set<number>();
        for (let leaf = index * 2 ** level; leaf < (index + 1) * 2 ** level; leaf++) {
          const who = owner.get(leaf);
          if (who !== undefined && tree.levels[0]!.values[leaf]! > 0) holders.add(who);
        }
        book.forEach((total, x) => {
          if (value !== total) return;
          if ([...holders].some((y) => y !== x)) return; // the same number is also a sum with someone else in it
          found.push(`level ${level} node ${index} = investor ${x}'s whole balance ${total} (book ${book.join(',')})`);
        });
      }
    }
    return found;
  }

  it('no node, leaf or sum, is one investor’s whole balance in random books of 2 to 10 investors', () => {
    const random = seededRandom(h, seed(77));
    const found: string[] = [];
    for (let trial = 0; trial < 300; trial++) {
      const n = 2 + random.below(9);
      // Balances from 2 cents (1 cent cannot be split into two positive chunks: see decision 034).
      const book = Array.from({ length: n }, () => 2 + random.below([10, 1000, 10_000_000][trial % 3]!));
      found.push(...violations(book, seed(trial), 1 + random.below(6)));
    }
    expect(found.slice(0, 5)).toEqual([]);
  });

  it('keeps it at the production height too, and with three chunks', () => {
    expect(violations([250_000, 3], seed(1), 16)).toEqual([]);
    const ls = [5, 7, 1_000_000].map((balance, i) => ({ key: `k${i}`, accountNonce: nonce(i), balance }));
    const tree = buildLiabilityTree(h, ls, { round: 1, asset: 'USD', seed: seed(2), minHeight: 2, chunks: 3 });
    const half = 2 ** (tree.published.height - 1);
    for (const l of ls) {
      const [first, ...rest] = tree.positions.get(l.key)!;
      expect(first).toBeLessThan(half);
      for (const p of rest) expect(p).toBeGreaterThanOrEqual(half);
      const values = tree.positions.get(l.key)!.map((p) => tree.levels[0]!.values[p]!);
      expect(values[0]).toBeGreaterThan(0);
      expect(values.slice(1).reduce((s, v) => s + v, 0)).toBeGreaterThan(0);
    }
  });

  it('with one investor only the root holds their balance, as the published total says anyway', () => {
    const tree = buildLiabilityTree(h, [{ key: 'only', accountNonce: nonce(1), balance: 4242 }], {
      round: 1,
      asset: 'USD',
      seed: seed(3),
      minHeight: 3,
    });
    expect(violations([4242], seed(3), 3)).toEqual([`level 3 node 0 = investor 0's whole balance 4242 (book 4242)`]);
    expect(tree.published.total).toBe(4242);
  });
});
