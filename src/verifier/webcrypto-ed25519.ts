import type { SignatureCheck } from '../core/liabilities/pinned-round';

/** Ed25519 with WebCrypto (the offline page); `null` where the browser has no Ed25519. */
export const webCryptoEd25519: SignatureCheck = async (publicKey, message, signature) => {
  const own = (bytes: Uint8Array) => new Uint8Array(bytes);
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('raw', own(publicKey), { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return null;
  }
  try {
    return await crypto.subtle.verify('Ed25519', key, own(signature), own(message));
  } catch {
    return false;
  }
};
