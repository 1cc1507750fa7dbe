import { createHash, createPrivateKey, createPublicKey, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';

/** PKCS#8 header of a raw 32-byte Ed25519 private key. */
const ED25519_PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface PlatformSigner {
  /** Raw 32-byte Ed25519 public key, base64url: published beside every round. */
  publicKey: string;
  /** SHA-256 of the raw public key, hex: what an investor pins in the verifiers (decision 045). */
  fingerprint: string;
  sign(message: string): string;
  verify(message: string, signature: string): boolean;
}

/** An Ed25519 key pair from its 32-byte seed (Ed25519 signatures are deterministic: the test vectors rebuild alike). */
export function ed25519FromSeed(seed: Uint8Array) {
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8, Buffer.from(seed)]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey: KeyObject = createPublicKey(privateKey);
  return {
    publicKey,
    raw: new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)),
    sign: (message: Uint8Array) => new Uint8Array(sign(null, message, privateKey)),
  };
}

/**
 * The platform's signing key for the proof of liabilities, derived from the server's secret (which
 * never is in the repository): every instance sharing AUTH_SECRET signs alike, nothing new to store.
 */
export function platformSigner(secret: string): PlatformSigner {
  const pair = ed25519FromSeed(
    new Uint8Array(hkdfSync('sha256', secret, 'atlas-invest', 'proof-of-liabilities ed25519 v1', 32)),
  );
  const raw = Buffer.from(pair.raw);
  return {
    publicKey: raw.toString('base64url'),
    fingerprint: createHash('sha256').update(raw).digest('hex'),
    sign: (message) => Buffer.from(pair.sign(Buffer.from(message))).toString('base64url'),
    verify: (message, signature) =>
      verify(null, Buffer.from(message), pair.publicKey, Buffer.from(signature, 'base64url')),
  };
}
