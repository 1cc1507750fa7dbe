/** SHA-256 of the published offline verifier (written by scripts/liabilities-verifier.mjs). */
export const OFFLINE_VERIFIER_SHA256 = '4ac5052fd28bb76dc8506f9f165c036756453f60d6ae317b7b2e2f3080ad6e3f';
