/** SHA-256 of the published offline verifier (written by scripts/liabilities-verifier.mjs). */
export const OFFLINE_VERIFIER_SHA256 = '3dbf5d3d5c06f4caea492a2d6eafa3ac4a582a28e8a7da1b4e7dca2db68872df';
