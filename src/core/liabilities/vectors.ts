import { buildLiabilityTree, proofFor, levelReader, type Liability } from './build';
import { MAX_VALUE, toHex, type Hashes, type ProofFile, type PublishedRound } from './tree';
import type { VerificationFailure } from './verify';
import { keyFingerprint, toBase64Url, type RoundFailure } from './pinned-round';

export interface BuildVector {
  name: string;
  kind: 'build';
  round: number;
  asset: string;
  seed: string;
  minHeight: number;
  chunks: number;
  liabilities: Array<{ key: string; accountNonce: string; balance: number }>;
  expect: PublishedRound & { positions: Record<string, number[]> };
}

export interface VerifyVector {
  name: string;
  kind: 'verify';
  published: PublishedRound;
  accountNonce: string;
  expectedBalance?: number;
  proof: unknown;
  expect: { ok: true; balance: number } | { ok: false; failure: VerificationFailure };
}

/** A saved rounds file, the key the investor pinned, and whether round `round` of it is believed (decision 045). */
export interface RoundVector {
  name: string;
  kind: 'round';
  pinned: string;
  rounds: { publicKey: string; rounds: Array<Record<string, unknown>> };
  round: number;
  expect: { ok: true } | { ok: false; failure: RoundFailure };
}

export interface VectorFile {
  format: 'atlas-proof-of-liabilities-vectors/1';
  vectors: Array<BuildVector | VerifyVector | RoundVector>;
}

/** An Ed25519 key from its seed (node:crypto's; the signatures are deterministic, so the vectors rebuild alike). */
export type VectorSigner = (seed: Uint8Array) => { raw: Uint8Array; sign(message: Uint8Array): Uint8Array };

/** Deterministic bytes for the vectors (never for a real round: those seeds and nonces are random). */
function bytesFrom(h: Hashes, label: string): Uint8Array {
  return h.sha256(new TextEncoder().encode(`atlas-pol test vector ${label}`));
}

interface Scenario {
  name: string;
  round: number;
  asset?: string;
  minHeight: number;
  chunks?: number;
  balances: number[];
}

const scenarios: Scenario[] = [
  { name: 'one investor, smallest tree', round: 1, minHeight: 1, balances: [1000] },
  { name: 'three investors, height 3', round: 2, minHeight: 3, balances: [125050, 1, 99] },
  { name: 'a zero balance is left out', round: 3, minHeight: 2, balances: [500, 0, 700] },
  { name: 'twenty investors padded to height 8', round: 4, minHeight: 8, balances: range(20, (i) => 1000 * i + 37) },
  { name: 'three chunks per balance', round: 5, minHeight: 4, chunks: 3, balances: [333333, 42] },
  { name: 'large balances near the limit', round: 6, minHeight: 2, balances: [2 ** 50, 2 ** 51 + 12345] },
  { name: 'round number above 2^32', round: 2 ** 32 + 1, minHeight: 3, balances: [777, 888] },
  { name: 'another asset', round: 8, asset: 'EUR', minHeight: 3, balances: [5000, 6000] },
];

function range(n: number, f: (i: number) => number): number[] {
  return Array.from({ length: n }, (_, i) => f(i));
}

/** The published vectors, rebuilt from the construction itself: the unit test checks the file matches. */
export function generateVectors(h: Hashes, ed25519: VectorSigner): VectorFile {
  const vectors: Array<BuildVector | VerifyVector | RoundVector> = [];
  const trees = scenarios.map((s) => {
    const liabilities: Liability[] = s.balances.map((balance, i) => ({
      key: `investor-${String(i).padStart(2, '0')}`,
      accountNonce: bytesFrom(h, `${s.name} nonce ${i}`),
      balance,
    }));
    const seed = bytesFrom(h, `${s.name} seed`);
    const options = { round: s.round, asset: s.asset ?? 'USD', seed, minHeight: s.minHeight, chunks: s.chunks ?? 2 };
    const tree = buildLiabilityTree(h, liabilities, options);
    vectors.push({
      name: `build: ${s.name}`,
      kind: 'build',
      round: options.round,
      asset: options.asset,
      seed: toHex(seed),
      minHeight: options.minHeight,
      chunks: options.chunks,
      liabilities: liabilities.map((l) => ({ key: l.key, accountNonce: toHex(l.accountNonce), balance: l.balance })),
      expect: { ...tree.published, positions: Object.fromEntries(tree.positions) },
    });
    const proofOf = (i: number): { proof: ProofFile; nonce: string; balance: number } => {
      const l = liabilities[i]!;
      return {
        proof: proofFor(tree.published, tree.positions.get(l.key)!, levelReader(tree.levels)),
        nonce: toHex(l.accountNonce),
        balance: l.balance,
      };
    };
    return { s, tree, proofOf };
  });

  type Tree = (typeof trees)[number];
  const ok = (name: string, published: PublishedRound, p: ReturnType<Tree['proofOf']>, expected?: number) =>
    vectors.push({
      name,
      kind: 'verify',
      published,
      accountNonce: p.nonce,
      ...(expected === undefined ? {} : { expectedBalance: expected }),
      proof: p.proof,
      expect: { ok: true, balance: p.balance },
    });
  const bad = (
    name: string,
    failure: VerificationFailure,
    published: PublishedRound,
    nonce: string,
    proof: unknown,
    expectedBalance?: number,
  ) =>
    vectors.push({
      name,
      kind: 'verify',
      published,
      accountNonce: nonce,
      ...(expectedBalance === undefined ? {} : { expectedBalance }),
      proof,
      expect: { ok: false, failure },
    });

  const [t0, t1, t2, t3, t4, t5, t6, t7] = trees as [Tree, Tree, Tree, Tree, Tree, Tree, Tree, Tree];
  ok('verify: the only investor of the smallest tree', t0.tree.published, t0.proofOf(0));
  for (const i of [0, 1, 2]) ok(`verify: investor ${i} of three`, t1.tree.published, t1.proofOf(i));
  ok('verify: a neighbour of a left-out zero balance', t2.tree.published, t2.proofOf(2));
  for (const i of [0, 7, 19]) ok(`verify: investor ${i} of twenty`, t3.tree.published, t3.proofOf(i));
  ok('verify: three chunks', t4.tree.published, t4.proofOf(0));
  ok('verify: a balance of 2^51 + 12345 cents', t5.tree.published, t5.proofOf(1));
  ok('verify: round number above 2^32', t6.tree.published, t6.proofOf(1));
  ok('verify: another asset', t7.tree.published, t7.proofOf(0));
  ok('verify: the balance the investor expected', t1.tree.published, t1.proofOf(0), 125050);
  {
    const p = t1.proofOf(1);
    vectors.push({
      name: 'verify: an account nonce typed in capitals',
      kind: 'verify',
      published: t1.tree.published,
      accountNonce: p.nonce.toUpperCase(),
      proof: p.proof,
      expect: { ok: true, balance: p.balance },
    });
  }

  const base = t3.proofOf(7);
  const pub = t3.tree.published;
  const edit = (f: (proof: ProofFile) => void): ProofFile => {
    const copy = JSON.parse(JSON.stringify(base.proof)) as ProofFile;
    f(copy);
    return copy;
  };
  bad(
    'reject: a sibling value lowered by one cent',
    'root_mismatch',
    pub,
    base.nonce,
    // The top sibling: the other half, never zero (it holds the investor's other chunk).
    edit((p) => (p.leaves[0]!.path.at(-1)!.value -= 1)),
  );
  bad(
    'reject: a sibling digest changed',
    'root_mismatch',
    pub,
    base.nonce,
    edit((p) => {
      const d = p.leaves[1]!.path[0]!.digest;
      p.leaves[1]!.path[0]!.digest = (d[0] === '0' ? '1' : '0') + d.slice(1);
    }),
  );
  bad(
    'reject: sides swapped at the bottom step',
    'root_mismatch',
    pub,
    base.nonce,
    edit((p) => (p.leaves[0]!.position ^= 1)),
  );
  bad(
    'reject: sibling values that overflow the sum',
    'sum_overflow',
    pub,
    base.nonce,
    edit((p) => {
      p.leaves[0]!.path[0]!.value = MAX_VALUE;
    }),
  );
  bad(
    'reject: a negative sibling value',
    'negative_value',
    pub,
    base.nonce,
    edit((p) => (p.leaves[0]!.path[2]!.value = -500)),
  );
  bad(
    'reject: a value that is not whole cents',
    'invalid_value',
    pub,
    base.nonce,
    edit((p) => (p.leaves[1]!.path[1]!.value = 12.5)),
  );
  bad('reject: the wrong account nonce', 'leaf_mismatch', pub, t3.proofOf(8).nonce, base.proof);
  bad(
    'reject: a chunk value raised (leaf no longer matches)',
    'leaf_mismatch',
    pub,
    base.nonce,
    edit((p) => (p.leaves[0]!.value += 100)),
  );
  bad(
    'reject: a truncated path',
    'truncated_path',
    pub,
    base.nonce,
    edit((p) => p.leaves[1]!.path.pop()),
  );
  bad(
    'reject: a duplicate chunk index',
    'duplicate_index',
    pub,
    base.nonce,
    edit((p) => (p.leaves[1]!.index = p.leaves[0]!.index)),
  );
  bad(
    'reject: the same position twice',
    'duplicate_position',
    pub,
    base.nonce,
    edit((p) => (p.leaves[1]!.position = p.leaves[0]!.position)),
  );
  bad(
    'reject: a position outside the tree',
    'position_out_of_range',
    pub,
    base.nonce,
    edit((p) => (p.leaves[0]!.position = 2 ** pub.height)),
  );
  bad(
    'reject: the file says another height',
    'height_mismatch',
    { ...pub, height: pub.height + 1 },
    base.nonce,
    base.proof,
  );
  bad(
    'reject: a root that is not the published one',
    'root_mismatch',
    { ...pub, root: t0.tree.published.root },
    base.nonce,
    base.proof,
  );
  bad(
    'reject: a published total that is not the sum',
    'total_mismatch',
    { ...pub, total: pub.total - 1 },
    base.nonce,
    base.proof,
  );
  bad('reject: a file of another round', 'round_mismatch', { ...pub, round: pub.round + 1 }, base.nonce, base.proof);
  bad('reject: a file of another asset', 'asset_mismatch', { ...pub, asset: 'EUR' }, base.nonce, base.proof);
  bad(
    'reject: a single chunk',
    'too_few_chunks',
    pub,
    base.nonce,
    edit((p) => p.leaves.pop()),
  );
  bad(
    'reject: not the balance the investor expected',
    'balance_mismatch',
    pub,
    base.nonce,
    base.proof,
    base.balance + 1,
  );
  bad('reject: an account nonce that is not 32 bytes of hex', 'bad_account_nonce', pub, 'abc', base.proof);
  bad('reject: not a proof file', 'malformed_file', pub, base.nonce, { hello: 'world' });
  roundVectors(h, ed25519, t1.tree.published, vectors);
  return { format: 'atlas-proof-of-liabilities-vectors/1', vectors };
}

/** The signed round as the server publishes it, signed by `key`, naming `named` as its key. */
function signedRound(
  published: PublishedRound,
  key: ReturnType<VectorSigner>,
  named: Uint8Array = key.raw,
  format: 1 | 2 = 2,
): RoundVector['rounds'] {
  const figures = { snapshotAt: '2026-01-31T23:00:00.000Z', watermark: 'entry 42' };
  // Format 2 (decision 052) states the BTC price its crypto investments were counted at.
  const price = { btcPrice: 7_150_000, btcPriceAt: '2026-01-31T22:58:12.000Z' };
  const statement = JSON.stringify(
    format === 2
      ? {
          format: 'atlas-liabilities-round/2',
          ...published,
          ...figures,
          ledgerTotal: published.total - 1_000,
          ...price,
        }
      : { format: 'atlas-liabilities-round/1', ...published, ...figures },
  );
  const round = {
    ...published,
    ...figures,
    ...(format === 2 ? price : {}),
    statement,
    signature: toBase64Url(key.sign(new TextEncoder().encode(statement))),
    publicKey: toBase64Url(named),
  };
  return { publicKey: toBase64Url(named), rounds: [round] };
}

function roundVectors(
  h: Hashes,
  ed25519: VectorSigner,
  published: PublishedRound,
  vectors: Array<BuildVector | VerifyVector | RoundVector>,
): void {
  const platform = ed25519(bytesFrom(h, 'platform signing key'));
  const stranger = ed25519(bytesFrom(h, 'stranger signing key'));
  const key = toBase64Url(platform.raw);
  const fingerprint = keyFingerprint(h, platform.raw);
  const grouped = fingerprint.replace(/(.{4})(?!$)/g, '$1 ');
  const genuine = signedRound(published, platform);
  const resigned = signedRound(published, stranger);
  const add = (
    name: string,
    pinned: string,
    rounds: RoundVector['rounds'],
    failure?: RoundFailure,
    round = published.round,
  ) =>
    vectors.push({
      name,
      kind: 'round',
      pinned,
      rounds,
      round,
      expect: failure ? { ok: false, failure } : { ok: true },
    });

  add('round: signed by the pinned platform key', key, genuine);
  add('round: the pinned key given as its fingerprint, in groups', grouped, genuine);
  add('round: the pinned key in standard base64 with padding', btoaOf(platform.raw), genuine);
  add('reject round: re-signed by a stranger, same root and total, pinned by key', key, resigned, 'key_mismatch');
  add('reject round: re-signed by a stranger, pinned by fingerprint', fingerprint, resigned, 'key_mismatch');
  add(
    "reject round: a stranger's signature under the platform key's name",
    key,
    signedRound(published, stranger, platform.raw),
    'bad_signature',
  );
  {
    const changed = structuredClone(genuine);
    changed.rounds[0]!.total = published.total - 1;
    add('reject round: the total lowered after signing', key, changed, 'statement_mismatch');
  }
  {
    const changed = structuredClone(genuine);
    changed.rounds[0]!.btcPrice = 7_150_001;
    add('reject round: the BTC price changed after signing', key, changed, 'statement_mismatch');
  }
  add(
    'round: a format 1 round, counted at book values, no price',
    key,
    signedRound(published, platform, platform.raw, 1),
  );
  add('reject round: no pinned key', '', genuine, 'no_pinned_key');
  add('reject round: a pinned key that is not 32 bytes', key.slice(0, 20), genuine, 'bad_pinned_key');
  add('reject round: not among the published rounds', key, genuine, 'round_missing', published.round + 1);
}

function btoaOf(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}
