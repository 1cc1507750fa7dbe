/** SHA-256 of the published offline verifier (written by scripts/liabilities-verifier.mjs). */
export const OFFLINE_VERIFIER_SHA256 = 'd44c744b6afe4dc30994ef1f18841137bada1fea51bdbbc7d4195ab1f5b4b3d9';
