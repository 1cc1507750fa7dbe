import { nobleHashes } from '../../../core/liabilities/noble';
import { verifyProof, type Verification, type VerificationInput } from '../../../core/liabilities/verify';

/** Loaded on demand: the hashing code travels only with a check someone asked for. Nothing here touches the network. */
export function verifyInPage(input: VerificationInput): Verification {
  return verifyProof(nobleHashes, input);
}
