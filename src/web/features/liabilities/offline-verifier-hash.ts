/** SHA-256 of the published offline verifier (written by scripts/liabilities-verifier.mjs). */
export const OFFLINE_VERIFIER_SHA256 = 'c615903012ad8c18f73dfaa2b20d8fa7d917e7515bfdf2a9d05928175b9eefdb';
