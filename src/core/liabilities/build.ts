import { seededRandom } from './random';
import {
  DIGEST_BYTES,
  MAX_HEIGHT,
  MAX_VALUE,
  PROOF_FORMAT,
  isValue,
  leafDigests,
  parentDigests,
  roundNonces,
  toHex,
  type Hashes,
  type ProofFile,
  type PublishedRound,
  type SumNode,
} from './tree';

export interface Liability {
  /** Who the liability is owed to; never leaves the server. */
  key: string;
  accountNonce: Uint8Array;
  /** Cents; zero-balance investors get a "nothing owed" statement instead of leaves. */
  balance: number;
}

export interface BuildOptions {
  round: number;
  asset: string;
  /** Secret; with the same liabilities it rebuilds the same tree. */
  seed: Uint8Array;
  /** The tree is padded to at least this height so that it says little about how many investors there are. */
  minHeight: number;
  /** Chunks per balance (at least 2). */
  chunks?: number;
}

export interface LiabilityTree {
  published: PublishedRound;
  /** Level 0 is the leaves: digests packed 32 bytes each, values alongside. */
  levels: Array<{ digests: Uint8Array; values: Float64Array }>;
  /** Per key: its chunks' positions, in chunk order. */
  positions: Map<string, number[]>;
}

export function heightFor(leaves: number, minHeight: number): number {
  let height = Math.max(1, minHeight);
  while (2 ** height < leaves) height++;
  if (height > MAX_HEIGHT) throw new RangeError(`too many leaves for one tree: ${leaves}`);
  return height;
}

/** The positions from `from` to `to` (excluded) in a random order drawn from the round's seed. */
function shuffled(random: ReturnType<typeof seededRandom>, from: number, to: number): Uint32Array {
  const order = new Uint32Array(to - from);
  for (let i = 0; i < order.length; i++) order[i] = from + i;
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}

/**
 * Builds a round: every positive balance split into random chunks, each chunk a leaf keyed by the
 * investor's per-round nonce, then summed up to the root. An investor's first chunk sits at a
 * random place in the left half of the leaves and their other chunks at random places in the right
 * half, the rest padded with zero-value leaves of random digest: below the root no node holds all
 * of one investor's chunks, so no sibling sum in anyone's proof is one investor's whole balance
 * (decision 034).
 */
export function buildLiabilityTree(h: Hashes, liabilities: readonly Liability[], options: BuildOptions): LiabilityTree {
  const chunks = options.chunks ?? 2;
  if (!Number.isInteger(chunks) || chunks < 2) throw new RangeError('a balance is split into at least two chunks');
  const owed = liabilities.filter((l) => l.balance !== 0);
  for (const l of owed) if (!isValue(l.balance)) throw new RangeError(`not a liability in cents: ${l.balance}`);
  // The order the database returns rows in must not change the tree.
  owed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let i = 1; i < owed.length; i++) if (owed[i]!.key === owed[i - 1]!.key) throw new Error('duplicate investor');

  const random = seededRandom(h, options.seed);
  // Chunk 0 goes to the left half, the others to the right half: each half needs room for them.
  const height = heightFor(2 * owed.length * (chunks - 1), options.minHeight);
  const width = 2 ** height;
  const half = width / 2;
  const left = shuffled(random, 0, half);
  const right = shuffled(random, half, width);

  const digests = new Uint8Array(width * DIGEST_BYTES);
  const values = new Float64Array(width);
  const used = new Uint8Array(width);
  const positions = new Map<string, number[]>();
  const roundNonce = roundNonces(h, options.round);
  const leafDigest = leafDigests(h, options.asset);
  let total = 0;
  let onLeft = 0;
  let onRight = 0;
  for (const l of owed) {
    const nonce = roundNonce(l.accountNonce);
    const cuts: number[] = [];
    // Cuts strictly inside the balance: the first and the last chunk are each positive and less
    // than the balance, so neither half holds it whole (a balance of 1 cent cannot be split so).
    for (let c = 1; c < chunks; c++) cuts.push(l.balance >= 2 ? 1 + random.below(l.balance - 1) : random.below(2));
    cuts.sort((a, b) => a - b);
    const mine: number[] = [];
    let previous = 0;
    for (let c = 0; c < chunks; c++) {
      const end = c < chunks - 1 ? cuts[c]! : l.balance;
      const value = end - previous;
      previous = end;
      const position = c === 0 ? left[onLeft++]! : right[onRight++]!;
      digests.set(leafDigest(nonce, value, c), position * DIGEST_BYTES);
      values[position] = value;
      used[position] = 1;
      mine.push(position);
    }
    total += l.balance;
    if (total > MAX_VALUE) throw new RangeError('sum overflow');
    positions.set(l.key, mine);
  }
  for (let position = 0; position < width; position++)
    if (!used[position]) digests.set(random.bytes(DIGEST_BYTES), position * DIGEST_BYTES);

  // Every value below is a checked chunk or a checked sum, so each parent checks only its own sum.
  const parentDigest = parentDigests(h);
  const levels = [{ digests, values }];
  for (let level = 0; level < height; level++) {
    const below = levels[level]!;
    const n = below.values.length / 2;
    const up = { digests: new Uint8Array(n * DIGEST_BYTES), values: new Float64Array(n) };
    for (let i = 0; i < n; i++) {
      const left = below.values[2 * i]!;
      const right = below.values[2 * i + 1]!;
      const value = left + right;
      if (value > MAX_VALUE) throw new RangeError('sum overflow');
      const at = 2 * i * DIGEST_BYTES;
      up.digests.set(parentDigest(below.digests, at, left, below.digests, at + DIGEST_BYTES, right), i * DIGEST_BYTES);
      up.values[i] = value;
    }
    levels.push(up);
  }
  const root = nodeAt(levels[height]!, 0);
  if (root.value !== total) throw new Error('the root does not sum the liabilities');
  return {
    published: { round: options.round, asset: options.asset, height, root: toHex(root.digest), total },
    levels,
    positions,
  };
}

function nodeAt(level: { digests: Uint8Array; values: Float64Array }, i: number): SumNode {
  return { digest: level.digests.subarray(i * DIGEST_BYTES, (i + 1) * DIGEST_BYTES), value: level.values[i]! };
}

export type NodeReader = (level: number, index: number) => SumNode;

export function levelReader(levels: LiabilityTree['levels']): NodeReader {
  return (level, index) => nodeAt(levels[level]!, index);
}

/** One investor's proof: their leaves and the siblings on the way up, nothing else. */
export function proofFor(published: PublishedRound, positions: readonly number[], node: NodeReader): ProofFile {
  return {
    format: PROOF_FORMAT,
    round: published.round,
    asset: published.asset,
    height: published.height,
    leaves: positions.map((position, index) => {
      const own = node(0, position);
      const path = [];
      for (let level = 0; level < published.height; level++) {
        const sibling = node(level, Math.floor(position / 2 ** level) ^ 1);
        path.push({ digest: toHex(sibling.digest), value: sibling.value });
      }
      return { index, value: own.value, position, digest: toHex(own.digest), path };
    }),
  };
}
