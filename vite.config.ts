import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/compile-hints';
import { precompress } from './scripts/precompress';
import { routePreloads } from './scripts/route-preloads';
import { localeGroup } from './src/web/lib/locale-groups';

const apiPort = process.env.API_PORT ?? '3000';
const backend = `http://127.0.0.1:${apiPort}`;
// ATLAS_DIST lets parallel builds (several developers' test runs) use separate folders.
const outDir = `${process.env.ATLAS_DIST ? `${process.cwd()}/${process.env.ATLAS_DIST}` : '../../dist'}/web`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), routePreloads(), compileHints(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // terser saves ~4 KB gzip over esbuild on the first script (budget: 130 KB for `/`).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      output: {
        // Texts load per language and group (src/web/lib/i18n.ts); French `common` and `content` stay in the entry.
        manualChunks(id) {
          const [, lng, ns] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(id) ?? [];
          if (!lng || !ns || (lng === 'fr' && (ns === 'common' || ns === 'content'))) return undefined;
          return `${lng}-${localeGroup(ns)}`;
        },
      },
    },
  },
  server: {
    proxy: { '/api': backend, '/healthz': backend, '/embed': backend },
  },
});
