// `npm start` builds only when the build is missing or was made from other sources: a content hash
// of every build input is kept beside the build and compared at each start (a few milliseconds).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dist = process.env.ATLAS_DIST ?? 'dist';
const stampFile = path.join(dist, '.build-inputs');
const inputs = [
  'src',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'scripts/build-server.mjs',
  'scripts/precompress.ts',
  'scripts/route-preloads.ts',
];

function* files(entry) {
  if (!existsSync(entry)) return;
  if (!statSync(entry).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) {
    if (!/\.test\.tsx?$/.test(name)) yield* files(path.join(entry, name));
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const input of inputs)
    for (const file of files(input)) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const current = inputsHash();
const built =
  existsSync(path.join(dist, 'server/main.js')) &&
  existsSync(path.join(dist, 'web/index.html')) &&
  existsSync(stampFile)
    ? readFileSync(stampFile, 'utf8').trim()
    : '';
if (built === current) {
  console.log(`build is up to date (${dist}); skipping the build`);
} else {
  console.log(built ? 'sources changed since the last build: building' : 'no build yet: building');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}
