// Bundles the two stand-alone verifiers of the proof of liabilities from src/core's module:
// the command line (src/verifier/cli.ts: one file, Node's own modules only) and the offline page
// (src/verifier/offline.ts: one HTML file whose policy allows no network), published beside the
// test vectors, with the page's SHA-256 for the public page.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
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

export const OFFLINE_FILE = 'src/web/public/proof-of-liabilities/atlas-verify-liabilities.html';
export const OFFLINE_HASH_FILE = 'src/web/features/liabilities/offline-verifier-hash.ts';

export async function offlinePage() {
  const out = await build({
    entryPoints: ['src/verifier/offline.ts'],
    bundle: true,
    write: false,
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const script = out.outputFiles[0].text.trim();
  const scriptHash = createHash('sha256').update(script).digest('base64');
  const html = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-${scriptHash}'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'">
<title>Atlas Invest</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
label{display:block;font-weight:600;margin-top:1rem}
input,select{width:100%;box-sizing:border-box;padding:.5rem;margin-top:.25rem;font:inherit}
button{margin-top:1.25rem;padding:.6rem 1.2rem;font:inherit;font-weight:600;background:#1d4ed8;color:#fff;border:0;border-radius:.5rem}
ol{padding-left:0;list-style:none;overflow-wrap:anywhere}.ok{color:#065f46}.fail{color:#991b1b;font-weight:600}.warn{color:#92400e}
#verdict{font-size:1.15rem;font-weight:700}
</style>
</head>
<body>
<h1 data-text="title"></h1>
<p data-text="lead"></p>
<form id="form">
<label for="language" data-text="language"></label>
<select id="language"><option value="fr">Français</option><option value="en">English</option><option value="es">Español</option></select>
<label for="rounds" data-text="rounds"></label><input id="rounds" type="file" accept="application/json,.json">
<label for="proof" data-text="proof"></label><input id="proof" type="file" accept="application/json,.json" required>
<label for="nonce" data-text="nonce"></label><input id="nonce" autocomplete="off" spellcheck="false" required>
<label for="key" data-text="key"></label><input id="key" autocomplete="off" spellcheck="false">
<label for="expected" data-text="expected"></label><input id="expected" inputmode="decimal">
<button type="submit" data-text="button"></button>
</form>
<p id="verdict" role="status"></p>
<ol id="checks"></ol>
<script>${script}</script>
</body>
</html>
`;
  return { html, sha256: createHash('sha256').update(html).digest('hex') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bundleVerifier();
  const { html, sha256 } = await offlinePage();
  writeFileSync(OFFLINE_FILE, html);
  writeFileSync(
    OFFLINE_HASH_FILE,
    `/** SHA-256 of the published offline verifier (written by scripts/liabilities-verifier.mjs). */\nexport const OFFLINE_VERIFIER_SHA256 = '${sha256}';\n`,
  );
  console.log(`written ${VERIFIER_FILE}, ${OFFLINE_FILE} (sha256 ${sha256})`);
}
