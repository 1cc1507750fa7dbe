/** SHA-256 of the published offline verifier (written by scripts/liabilities-verifier.mjs). */
export const OFFLINE_VERIFIER_SHA256 = '32c4ef15316ae1884087b750778d2b078fa55b18a27fe32b47669c0ddc59c3fe';
