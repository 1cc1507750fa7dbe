import {
  DIGEST_BYTES,
  MAX_HEIGHT,
  MAX_VALUE,
  PROOF_FORMAT,
  equalBytes,
  fromHex,
  isValue,
  leafDigest,
  parentOf,
  roundNonce,
  type Hashes,
  type PublishedRound,
  type SumNode,
} from './tree';

/** Stable codes: every verifier words them in plain language. */
export type VerificationFailure =
  | 'malformed_file'
  | 'malformed_round'
  | 'bad_account_nonce'
  | 'round_mismatch'
  | 'asset_mismatch'
  | 'height_mismatch'
  | 'too_few_chunks'
  | 'duplicate_index'
  | 'duplicate_position'
  | 'position_out_of_range'
  | 'truncated_path'
  | 'invalid_value'
  | 'negative_value'
  | 'sum_overflow'
  | 'leaf_mismatch'
  | 'root_mismatch'
  | 'total_mismatch'
  | 'balance_mismatch';

export type VerificationStep =
  'file_readable' | 'same_round' | 'account_nonce' | 'chunks' | 'values' | 'leaves' | 'paths' | 'total' | 'balance';

export interface VerificationCheck {
  step: VerificationStep;
  ok: boolean;
  failure?: VerificationFailure;
  /** Which leaf failed, the amounts compared: for the wording. */
  detail?: Record<string, number | string>;
}

export interface Verification {
  ok: boolean;
  failure?: VerificationFailure;
  /** Cents counted for the investor in the tree (the sum of their chunks), once the file was read. */
  balance?: number;
  checks: VerificationCheck[];
}

export interface VerificationInput {
  /** The round as published on the public page; the root is taken from here, never from the file. */
  published: PublishedRound;
  /** The proof file as parsed JSON: anything, checked here. */
  proof: unknown;
  /** Hex of the 32-byte account nonce shown on the investor's profile. */
  accountNonce: string;
  /** Cents the investor expects to be counted for them, when they know it. */
  expectedBalance?: number;
}

class Failed extends Error {
  constructor(
    readonly step: VerificationStep,
    readonly failure: VerificationFailure,
    readonly detail?: Record<string, number | string>,
  ) {
    super(failure);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkValue(v: unknown, step: VerificationStep, detail: Record<string, number | string>): number {
  if (typeof v === 'number' && Number.isInteger(v) && v < 0) throw new Failed(step, 'negative_value', detail);
  if (typeof v === 'number' && Number.isInteger(v) && v > MAX_VALUE) throw new Failed(step, 'sum_overflow', detail);
  if (!isValue(v)) throw new Failed(step, 'invalid_value', detail);
  return v;
}

/**
 * Checks that an investor's chunks are leaves of the published tree: the same verification in the
 * page, the offline HTML file and the command line. Stops at the first failed check.
 */
export function verifyProof(h: Hashes, input: VerificationInput): Verification {
  const checks: VerificationCheck[] = [];
  let balance: number | undefined;
  const pass = (step: VerificationStep, detail?: Record<string, number | string>) =>
    checks.push(detail ? { step, ok: true, detail } : { step, ok: true });
  try {
    const published = input.published;
    const root = fromHex(published?.root, DIGEST_BYTES);
    if (
      !root ||
      !isValue(published.round) ||
      !isValue(published.total) ||
      !Number.isInteger(published.height) ||
      published.height < 1 ||
      published.height > MAX_HEIGHT ||
      typeof published.asset !== 'string'
    )
      throw new Failed('file_readable', 'malformed_round');

    const proof = input.proof;
    if (!isRecord(proof) || proof.format !== PROOF_FORMAT || !Array.isArray(proof.leaves))
      throw new Failed('file_readable', 'malformed_file');
    const leaves = proof.leaves as unknown[];
    pass('file_readable');

    if (proof.round !== published.round)
      throw new Failed('same_round', 'round_mismatch', { file: String(proof.round), published: published.round });
    if (proof.asset !== published.asset) throw new Failed('same_round', 'asset_mismatch');
    if (proof.height !== published.height)
      throw new Failed('same_round', 'height_mismatch', { file: String(proof.height), published: published.height });
    pass('same_round', { round: published.round });

    const accountNonce = fromHex(input.accountNonce?.trim().toLowerCase(), DIGEST_BYTES);
    if (!accountNonce) throw new Failed('account_nonce', 'bad_account_nonce');
    const nonce = roundNonce(h, accountNonce, published.round);
    pass('account_nonce');

    if (leaves.length < 2) throw new Failed('chunks', 'too_few_chunks', { chunks: leaves.length });
    const indexes = new Set<unknown>();
    const positions = new Set<unknown>();
    for (const leaf of leaves) {
      if (!isRecord(leaf) || !Array.isArray(leaf.path)) throw new Failed('chunks', 'malformed_file');
      if (!Number.isInteger(leaf.index) || (leaf.index as number) < 0 || (leaf.index as number) >= leaves.length)
        throw new Failed('chunks', 'malformed_file');
      if (indexes.has(leaf.index)) throw new Failed('chunks', 'duplicate_index', { index: leaf.index as number });
      indexes.add(leaf.index);
      const position = leaf.position;
      if (!Number.isInteger(position) || (position as number) < 0 || (position as number) >= 2 ** published.height)
        throw new Failed('chunks', 'position_out_of_range', { leaf: leaf.index as number });
      if (positions.has(position)) throw new Failed('chunks', 'duplicate_position', { leaf: leaf.index as number });
      positions.add(position);
      if (leaf.path.length !== published.height)
        throw new Failed('chunks', 'truncated_path', { leaf: leaf.index as number, steps: leaf.path.length });
    }
    pass('chunks', { chunks: leaves.length });

    const parsed = leaves.map((raw) => {
      const leaf = raw as Record<string, unknown> & { path: unknown[] };
      const at = { leaf: leaf.index as number };
      const value = checkValue(leaf.value, 'values', at);
      const digest = fromHex(leaf.digest, DIGEST_BYTES);
      if (!digest) throw new Failed('values', 'malformed_file', at);
      const path = leaf.path.map((step, level) => {
        if (!isRecord(step)) throw new Failed('values', 'malformed_file', at);
        const d = fromHex(step.digest, DIGEST_BYTES);
        if (!d) throw new Failed('values', 'malformed_file', { ...at, level });
        return { digest: d, value: checkValue(step.value, 'values', { ...at, level }) };
      });
      return { index: leaf.index as number, value, position: leaf.position as number, digest, path };
    });
    let sum = 0;
    for (const leaf of parsed) sum += leaf.value;
    if (sum > MAX_VALUE) throw new Failed('values', 'sum_overflow');
    balance = sum;
    pass('values');

    for (const leaf of parsed)
      if (!equalBytes(leafDigest(h, nonce, leaf.value, leaf.index, published.asset), leaf.digest))
        throw new Failed('leaves', 'leaf_mismatch', { leaf: leaf.index });
    pass('leaves');

    let top: SumNode | undefined;
    for (const leaf of parsed) {
      let node: SumNode = { digest: leaf.digest, value: leaf.value };
      for (let level = 0; level < leaf.path.length; level++) {
        const sibling = leaf.path[level]!;
        const onRight = Math.floor(leaf.position / 2 ** level) % 2 === 1;
        try {
          node = onRight ? parentOf(h, sibling, node) : parentOf(h, node, sibling);
        } catch {
          throw new Failed('paths', 'sum_overflow', { leaf: leaf.index, level });
        }
      }
      if (!equalBytes(node.digest, root)) throw new Failed('paths', 'root_mismatch', { leaf: leaf.index });
      top = node;
    }
    pass('paths', { root: published.root });

    if (top!.value !== published.total)
      throw new Failed('total', 'total_mismatch', { tree: top!.value, published: published.total });
    pass('total', { total: published.total });

    if (input.expectedBalance !== undefined && input.expectedBalance !== balance)
      throw new Failed('balance', 'balance_mismatch', { counted: balance, expected: input.expectedBalance });
    pass('balance', { counted: balance });
    return { ok: true, balance, checks };
  } catch (err) {
    if (!(err instanceof Failed)) throw err;
    checks.push({ step: err.step, ok: false, failure: err.failure, ...(err.detail ? { detail: err.detail } : {}) });
    return { ok: false, failure: err.failure, ...(balance === undefined ? {} : { balance }), checks };
  }
}
