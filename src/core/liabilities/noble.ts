import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Hashes } from './tree';

/** The hashes of the browser and of the page's verifier. */
export const nobleHashes: Hashes = {
  sha256: (data) => sha256(data),
  hmacSha256: (key, data) => hmac(sha256, key, data),
};
