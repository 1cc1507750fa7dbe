import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { screens } from '../src/web/app/screens';
import { languages } from '../src/web/lib/languages';
import { localeGroup } from '../src/web/lib/locale-groups';
import en from '../src/web/locales/en/common.json';
import es from '../src/web/locales/es/common.json';
import fr from '../src/web/locales/fr/common.json';

/** What the server adds to index.html for one path: the screen's chunks, and its texts per language. */
export interface RoutePreload {
  files: string[];
  strings: Record<string, string[]>;
  /** The page's title and description per language, for the head of the page the server sends. */
  head: Record<string, { title: string; description: string }>;
}

const commonTexts = { fr, en, es };

/** The key in common.json's `titles` of each route's title (the one the screen itself shows). */
const routeTitles: Record<string, keyof typeof fr.titles> = {
  '/': 'home',
  '/about': 'about',
  '/crypto': 'crypto',
  '/trading': 'trading',
  '/stocks': 'stocks',
  '/real-estate': 'realEstate',
  '/login': 'login',
  '/signup': 'signup',
  '/profile': 'profile',
  '/admin-login': 'adminLogin',
  '/invest': 'invest',
  '/cashier': 'cashier',
  '/deposit': 'deposit',
  '/withdraw': 'withdraw',
  '/internal-transfer': 'transfer',
  '/portfolio': 'portfolio',
  '/charts': 'charts',
  '/admin': 'admin',
};

function headOf(route: string): RoutePreload['head'] {
  const key = routeTitles[route];
  return Object.fromEntries(
    languages.map((lng) => [
      lng,
      {
        title: key ? `${commonTexts[lng].titles[key]} · Atlas Invest` : 'Atlas Invest',
        description: commonTexts[lng].meta.defaultDescription,
      },
    ]),
  );
}

/**
 * Writes route-preloads.json beside index.html: for every route of src/web/app/screens.ts, the
 * JavaScript its screen needs beyond the entry (its chunk and the chunks that one imports) and
 * the chunk of its texts in each language. The server names them in the page it sends for that
 * path (<link rel="modulepreload">), so they download with the entry instead of after it.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'atlas-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: OutputChunk, seen = new Set<string>()): string[] => {
        if (chunk.isEntry || seen.has(chunk.fileName)) return [];
        seen.add(chunk.fileName);
        return [chunk.fileName, ...chunk.imports.flatMap((f) => (byFile.has(f) ? closure(byFile.get(f)!, seen) : []))];
      };
      const preloads: Record<string, RoutePreload> = {};
      for (const screen of screens) {
        const source = path.resolve(root, 'features', `${screen.module}.tsx`);
        const chunk = chunks.find((c) => c.facadeModuleId === source);
        const groups = [...new Set(['common', ...screen.namespaces].map(localeGroup))];
        const strings = Object.fromEntries(
          languages.map((lng) => [
            lng,
            chunks
              .filter((c) => groups.some((g) => c.name === `${lng}-${g}`))
              .flatMap((c) => closure(c))
              .map((f) => `/${f}`),
          ]),
        );
        const files = chunk ? closure(chunk).map((f) => `/${f}`) : [];
        if (files.length > 0 || Object.values(strings).some((s) => s.length > 0))
          preloads[screen.path] = { files, strings, head: headOf(screen.path) };
      }
      // Unknown paths show the home screen under the brand's name alone.
      preloads['*'] = { files: [], strings: {}, head: headOf('*') };
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads, null, 1) });
    },
  };
}
