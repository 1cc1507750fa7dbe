import { createPrivateKey, createPublicKey, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';

/** PKCS#8 header of a raw 32-byte Ed25519 private key. */
const ED25519_PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface PlatformSigner {
  /** Raw 32-byte Ed25519 public key, base64url: published beside every round. */
  publicKey: string;
  sign(message: string): string;
  verify(message: string, signature: string): boolean;
}

/**
 * The platform's signing key for the proof of liabilities, derived from the server's secret (which
 * never is in the repository): every instance sharing AUTH_SECRET signs alike, nothing new to store.
 */
export function platformSigner(secret: string): PlatformSigner {
  const seed = Buffer.from(hkdfSync('sha256', secret, 'atlas-invest', 'proof-of-liabilities ed25519 v1', 32));
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8, seed]), format: 'der', type: 'pkcs8' });
  const publicKey: KeyObject = createPublicKey(privateKey);
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    publicKey: raw.toString('base64url'),
    sign: (message) => sign(null, Buffer.from(message), privateKey).toString('base64url'),
    verify: (message, signature) => verify(null, Buffer.from(message), publicKey, Buffer.from(signature, 'base64url')),
  };
}
