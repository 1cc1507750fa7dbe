import type { RoundFailure } from '../core/liabilities/pinned-round';
import type { VerificationCheck, VerificationFailure, VerificationStep } from '../core/liabilities/verify';

const cents = (v: unknown) => (typeof v === 'number' ? `$${(v / 100).toFixed(2)}` : String(v));

const steps: Record<VerificationStep, (d: Record<string, unknown>) => string> = {
  file_readable: () => 'The proof file is readable',
  same_round: (d) => `It is the published round no. ${d.round}`,
  account_nonce: () => 'Your account nonce is well formed',
  chunks: (d) => `Your balance is split into ${d.chunks} distinct chunks`,
  values: () => 'Every value is a non-negative number of cents, with no overflow',
  leaves: () => 'Each chunk matches your nonce',
  paths: () => 'Each path leads to the published root',
  total: (d) => `The root sums to ${cents(d.total)}, the published total`,
  balance: (d) => `Amount counted for you: ${cents(d.counted)}`,
};

const failures: Record<VerificationFailure, (d: Record<string, unknown>) => string> = {
  malformed_file: () => 'the file is not a valid proof of liabilities',
  malformed_round: () => 'the published round cannot be read',
  bad_account_nonce: () => 'the account nonce must be 64 hexadecimal characters',
  round_mismatch: () => 'the file belongs to another round',
  asset_mismatch: () => 'the file counts another currency',
  height_mismatch: () => "the file does not have the published tree's height",
  too_few_chunks: () => 'a balance must be split into at least two chunks',
  duplicate_index: () => 'two chunks carry the same number',
  duplicate_position: () => 'two chunks sit in the same place',
  position_out_of_range: () => 'a chunk is placed outside the tree',
  truncated_path: () => 'a path is incomplete',
  invalid_value: () => 'a value is not a whole number of cents',
  negative_value: () => 'a value is negative',
  sum_overflow: () => 'a sum goes over the limit',
  leaf_mismatch: () => 'a chunk does not match your nonce (wrong nonce, or a chunk was changed)',
  root_mismatch: () => 'the paths do not lead to the published root: the file was changed or belongs to another round',
  total_mismatch: () => 'the published total is not the sum of the tree',
  balance_mismatch: (d) => `the amount counted (${cents(d.counted)}) is not the one expected (${cents(d.expected)})`,
};

/** One check in plain words, as the command line prints it. */
export function checkInWords(check: VerificationCheck): string {
  const d = check.detail ?? {};
  return check.ok ? `ok    ${steps[check.step](d)}` : `FAIL  ${failures[check.failure!](d)}`;
}

const roundFailures: Record<RoundFailure, (d: Record<string, unknown>) => string> = {
  no_pinned_key: () => "no platform key given (--key or --fingerprint, as published on the platform's page)",
  bad_pinned_key: () =>
    'the pinned key is neither a 32-byte key in base64 nor a fingerprint of 64 hexadecimal characters',
  malformed_rounds: () => 'the rounds file is not the list of published rounds (GET /api/liabilities/rounds)',
  round_missing: (d) => `round ${d.round} is not among the published rounds`,
  key_mismatch: (d) =>
    `round ${d.round} is signed by the key ${d.key} (fingerprint ${d.fingerprint}), not by the pinned platform key ${d.pinned}: refused`,
  no_signature_check: () => 'this runtime cannot check an Ed25519 signature',
  bad_signature: (d) => `the published round ${d.round} is not signed by the platform key`,
  statement_mismatch: (d) => `the figures of round ${d.round} are not the ones its signed statement says`,
};

/** Why a published round is not believed, as the command line prints it. */
export function roundFailureInWords(failure: RoundFailure, detail: Record<string, unknown>): string {
  return roundFailures[failure](detail);
}
