// Bundles the server (and the admin CLI) into dist/server with esbuild; npm packages stay external.
import { cpSync, copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' },
  outdir: `${process.env.ATLAS_DIST ?? 'dist'}/server`,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The SQLite checkpoint worker is plain JavaScript loaded by URL next to the bundle.
copyFileSync(
  'src/server/db/sqlite-checkpoint.worker.mjs',
  `${process.env.ATLAS_DIST ?? 'dist'}/server/sqlite-checkpoint.worker.mjs`,
);
// The PostgreSQL functions are read by URL next to the bundle too (src/server/db/db-functions.ts).
cpSync('src/server/db/functions', `${process.env.ATLAS_DIST ?? 'dist'}/server/functions`, { recursive: true });
// The assistant's model is trained from its corpus when the server starts (decision 064): read by URL too.
cpSync('src/core/assistant/corpus', `${process.env.ATLAS_DIST ?? 'dist'}/server/corpus`, {
  recursive: true,
  filter: (source) => !source.endsWith('.md'),
});
console.log(`server built → ${process.env.ATLAS_DIST ?? 'dist'}/server`);
