import { readFileSync } from 'node:fs';
import { checkPinnedRound } from '../core/liabilities/pinned-round';
import type { PublishedRound } from '../core/liabilities/tree';
import { verifyProof, type VerificationFailure } from '../core/liabilities/verify';
import type { RoundVector } from '../core/liabilities/vectors';
import { nodeHashes } from '../server/modules/liabilities/node-hashes';
import { expectedAmount } from './expected';
import { nodeEd25519 } from './node-ed25519';
import { checkInWords, roundFailureInWords } from './words';

/**
 * The command-line verifier of the proof of liabilities, bundled into one file with nothing but
 * node:crypto (scripts/liabilities-verifier.mjs). It takes the root from the published rounds
 * (GET /api/liabilities/rounds, saved), never from the investor's own file, and believes a round
 * only when it is signed by the key the investor pins (--key or --fingerprint, decision 045).
 */
const usage = `Usage:
  node atlas-verify-liabilities.mjs --rounds rounds.json --proof proof.json --nonce <account nonce>
      (--key <platform public key, base64> | --fingerprint <its SHA-256, hex>) [--expected 1484.60]
  node atlas-verify-liabilities.mjs --vectors vectors.json

The platform's key and fingerprint are published on its page /preuve-de-passif (and recorded with
every round in its sealed audit trail): take them from there, never from the rounds file.`;

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** "2026-01-31 22:58:12 UTC" from the signed ISO instant. */
const utc = (iso: string) => iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');

function flags(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) if (argv[i]?.startsWith('--')) out[argv[i]!.slice(2)] = argv[i + 1] ?? '';
  return out;
}

/** A file that cannot be read or is not JSON is said in one line (exit 1), not a stack trace. */
class Unreadable extends Error {}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Unreadable(`${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Unreadable(`${file} is not a JSON file`);
  }
}

/** The proof as saved, or the API's whole answer saved as is: {kind: 'proof', proof}. */
function proofIn(file: unknown): unknown {
  const f = file as { kind?: unknown; proof?: unknown } | null;
  return f && typeof f === 'object' && f.kind === 'proof' && 'proof' in f ? f.proof : file;
}

async function runVectors(file: string): Promise<number> {
  const { vectors } = readJson(file) as {
    vectors: Array<
      | RoundVector
      | {
          name: string;
          kind: 'verify' | 'build';
          published: PublishedRound;
          proof: unknown;
          accountNonce: string;
          expectedBalance?: number;
          expect: { ok: boolean; balance?: number; failure?: VerificationFailure };
        }
    >;
  };
  let passed = 0;
  let total = 0;
  for (const v of vectors) {
    if (v.kind === 'build') continue;
    total++;
    let good: boolean;
    let got: string;
    if (v.kind === 'round') {
      const r = await checkPinnedRound(nodeHashes, nodeEd25519, v.rounds, v.round, v.pinned);
      good = v.expect.ok ? r.ok : !r.ok && r.failure === v.expect.failure;
      got = r.ok ? 'ok' : r.failure;
    } else {
      const r = verifyProof(nodeHashes, {
        published: v.published,
        proof: v.proof,
        accountNonce: v.accountNonce,
        ...(v.expectedBalance === undefined ? {} : { expectedBalance: v.expectedBalance }),
      });
      good = v.expect.ok ? r.ok && r.balance === v.expect.balance : !r.ok && r.failure === v.expect.failure;
      got = r.ok ? 'ok' : r.failure!;
    }
    if (good) passed++;
    console.log(`${good ? 'pass' : 'FAIL'}  ${v.name}${good ? '' : ` (got ${got})`}`);
  }
  console.log(`${passed}/${total} vectors pass`);
  return passed === total ? 0 : 1;
}

async function run(argv: string[]): Promise<number> {
  const f = flags(argv);
  if (f.vectors) return runVectors(f.vectors);
  if (!f.rounds || !f.proof || !f.nonce) {
    console.error(usage);
    return 2;
  }
  if (f.key !== undefined && f.fingerprint !== undefined) {
    console.error('REFUSED: give --key or --fingerprint, not both.');
    return 2;
  }
  const pinned = f.key ?? f.fingerprint ?? '';
  if (pinned.trim() === '') {
    console.error(
      "REFUSED: no platform key. Give --key <base64> or --fingerprint <hex>, as published on the platform's page /preuve-de-passif; the key written inside the rounds file proves nothing, anyone can re-sign it.",
    );
    return 2;
  }
  // Core's money parser, as the offline page and every screen: "1,484.60", "1484.60", "1 484,60".
  const expected = expectedAmount(f.expected ?? '', 'en');
  if (expected.kind === 'unreadable') {
    console.error(`REFUSED: --expected "${f.expected}" cannot be read (${expected.reason}): an amount such as 1484.60`);
    return 2;
  }
  const expectedBalance = expected.kind === 'cents' ? expected.cents : undefined;
  const roundsFile = readJson(f.rounds);
  const answer = readJson(f.proof) as { kind?: unknown };
  if (answer?.kind === 'nothing_owed') {
    console.log(
      'FAIL  this file is the signed statement that nothing was owed to you in this round, not a proof: there is no balance to check',
    );
    return 1;
  }
  const proof = proofIn(answer) as { round?: unknown };
  const pin = await checkPinnedRound(nodeHashes, nodeEd25519, roundsFile, proof.round, pinned);
  if (!pin.ok) {
    console.log(`FAIL  ${roundFailureInWords(pin.failure, pin.detail)}`);
    console.log('NOT VERIFIED.');
    return pin.failure === 'bad_pinned_key' ? 2 : 1;
  }
  console.log(`ok    Round ${pin.round.round} is signed by the pinned platform key ${pin.publicKey}`);
  if (pin.price)
    console.log(
      `      Its crypto investments are counted at what stopping them would have credited at the signed BTC price: ${dollars(pin.price.cents)}, price of ${utc(pin.price.at)}`,
    );
  const result = verifyProof(nodeHashes, {
    published: pin.round,
    proof,
    accountNonce: f.nonce,
    ...(expectedBalance === undefined ? {} : { expectedBalance }),
  });
  for (const check of result.checks) console.log(checkInWords(check));
  console.log(result.ok ? 'VERIFIED: your balance is counted in the published total.' : 'NOT VERIFIED.');
  return result.ok ? 0 : 1;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof Unreadable)) throw err;
  console.error(`REFUSED: ${err.message}.`);
  process.exitCode = 1;
}
