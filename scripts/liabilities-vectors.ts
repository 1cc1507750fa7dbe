/**
 * Writes the published test vectors of the proof of liabilities (src/core/liabilities/vectors.ts)
 * to src/web/public/proof-of-liabilities/vectors.json: `npx tsx scripts/liabilities-vectors.ts`.
 */
import { writeFileSync } from 'node:fs';
import { nobleHashes } from '../src/core/liabilities/noble';
import { generateVectors } from '../src/core/liabilities/vectors';
import { ed25519FromSeed } from '../src/server/modules/liabilities/signing';

const file = new URL('../src/web/public/proof-of-liabilities/vectors.json', import.meta.url);
writeFileSync(file, JSON.stringify(generateVectors(nobleHashes, ed25519FromSeed), null, 1) + '\n');
console.log(`written ${file.pathname}`);
