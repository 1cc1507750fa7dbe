import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PublishedRound } from '../core/liabilities/tree';
import { verifyProof, type VerificationFailure } from '../core/liabilities/verify';
import { nodeHashes } from '../server/modules/liabilities/node-hashes';
import { checkInWords } from './words';

/**
 * The command-line verifier of the proof of liabilities, bundled into one file with nothing but
 * node:crypto (scripts/liabilities-verifier.mjs). It takes the root from the published rounds
 * (GET /api/liabilities/rounds, saved), never from the investor's own file.
 */
const usage = `Usage:
  node atlas-verify-liabilities.mjs --rounds rounds.json --proof proof.json --nonce <account nonce> [--expected 1234.56]
  node atlas-verify-liabilities.mjs --vectors vectors.json`;

interface RoundsFile {
  publicKey: string;
  rounds: Array<PublishedRound & { statement: string; signature: string }>;
}

const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

function signed(file: RoundsFile, round: RoundsFile['rounds'][number]): boolean {
  try {
    const key = createPublicKey({
      key: Buffer.concat([SPKI_ED25519, Buffer.from(file.publicKey, 'base64url')]),
      format: 'der',
      type: 'spki',
    });
    if (!verify(null, Buffer.from(round.statement), key, Buffer.from(round.signature, 'base64url'))) return false;
    const s = JSON.parse(round.statement) as Record<string, unknown>;
    return (['round', 'asset', 'height', 'root', 'total'] as const).every((k) => s[k] === round[k]);
  } catch {
    return false;
  }
}

function flags(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) if (argv[i]?.startsWith('--')) out[argv[i]!.slice(2)] = argv[i + 1] ?? '';
  return out;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

function runVectors(file: string): number {
  const { vectors } = readJson(file) as {
    vectors: Array<{
      name: string;
      kind: string;
      published: PublishedRound;
      proof: unknown;
      accountNonce: string;
      expectedBalance?: number;
      expect: { ok: boolean; balance?: number; failure?: VerificationFailure };
    }>;
  };
  let passed = 0;
  let total = 0;
  for (const v of vectors) {
    if (v.kind !== 'verify') continue;
    total++;
    const r = verifyProof(nodeHashes, {
      published: v.published,
      proof: v.proof,
      accountNonce: v.accountNonce,
      ...(v.expectedBalance === undefined ? {} : { expectedBalance: v.expectedBalance }),
    });
    const good = v.expect.ok ? r.ok && r.balance === v.expect.balance : !r.ok && r.failure === v.expect.failure;
    if (good) passed++;
    console.log(`${good ? 'pass' : 'FAIL'}  ${v.name}${good ? '' : ` (got ${r.ok ? 'ok' : r.failure})`}`);
  }
  console.log(`${passed}/${total} vectors pass`);
  return passed === total ? 0 : 1;
}

function run(argv: string[]): number {
  const f = flags(argv);
  if (f.vectors) return runVectors(f.vectors);
  if (!f.rounds || !f.proof || !f.nonce) {
    console.error(usage);
    return 2;
  }
  const roundsFile = readJson(f.rounds) as RoundsFile;
  const proof = readJson(f.proof) as { round?: unknown };
  const round = roundsFile.rounds.find((r) => r.round === proof.round);
  if (!round) {
    console.log(`FAIL  round ${String(proof.round)} is not among the published rounds`);
    return 1;
  }
  if (!signed(roundsFile, round)) {
    console.log(`FAIL  the published round ${round.round} is not signed by the platform key ${roundsFile.publicKey}`);
    return 1;
  }
  console.log(`ok    Round ${round.round} is signed by the platform key ${roundsFile.publicKey}`);
  let expectedBalance: number | undefined;
  if (f.expected !== undefined) {
    if (!/^\d+(\.\d{1,2})?$/.test(f.expected)) {
      console.error('--expected: an amount such as 1234.56');
      return 2;
    }
    const [whole = '0', frac = ''] = f.expected.split('.');
    expectedBalance = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  }
  const result = verifyProof(nodeHashes, {
    published: { round: round.round, asset: round.asset, height: round.height, root: round.root, total: round.total },
    proof,
    accountNonce: f.nonce,
    ...(expectedBalance === undefined ? {} : { expectedBalance }),
  });
  for (const check of result.checks) console.log(checkInWords(check));
  console.log(result.ok ? 'VERIFIED: your balance is counted in the published total.' : 'NOT VERIFIED.');
  return result.ok ? 0 : 1;
}

process.exitCode = run(process.argv.slice(2));
