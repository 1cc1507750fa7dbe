/** SHA-256 of the published offline verifier (written by scripts/liabilities-verifier.mjs). */
export const OFFLINE_VERIFIER_SHA256 = '23932f23c93cdcc426792fe66289b43111472b25708f765706e54a66705966f2';
