import { createPublicKey, verify } from 'node:crypto';
import type { SignatureCheck } from '../core/liabilities/pinned-round';

const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** Ed25519 with node:crypto (the command-line verifier). */
export const nodeEd25519: SignatureCheck = async (publicKey, message, signature) => {
  try {
    const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, publicKey]), format: 'der', type: 'spki' });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
};
