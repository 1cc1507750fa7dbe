import { nobleHashes } from '../../../core/liabilities/noble';
import { verifyProof, type Verification, type VerificationInput } from '../../../core/liabilities/verify';

/** The user-timing entry each check leaves (bench/liabilities/browser.mjs reads it; so can the devtools). */
const VERIFY_MEASURE = 'atlas:verify-proof';

/** Loaded on demand: the hashing code travels only with a check someone asked for. Nothing here touches the network. */
export function verifyInPage(input: VerificationInput): Verification {
  const start = performance.now();
  const result = verifyProof(nobleHashes, input);
  performance.measure(VERIFY_MEASURE, { start });
  return result;
}
