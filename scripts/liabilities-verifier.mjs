// Bundles the command-line verifier of the proof of liabilities (src/verifier/cli.ts) into one
// file that needs nothing but Node's own modules, published beside the test vectors.
import { build } from 'esbuild';

export const VERIFIER_FILE = 'src/web/public/proof-of-liabilities/atlas-verify-liabilities.mjs';

export async function bundleVerifier(outfile = VERIFIER_FILE) {
  await build({
    entryPoints: ['src/verifier/cli.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'esm',
    legalComments: 'none',
    banner: {
      js: '#!/usr/bin/env node\n// Atlas Invest: proof-of-liabilities verifier. Zero dependencies: node:crypto only.',
    },
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bundleVerifier();
  console.log(`written ${VERIFIER_FILE}`);
}
