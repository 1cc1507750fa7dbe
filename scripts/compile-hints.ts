import type { Plugin } from 'vite';

/** Chrome's explicit compile hint (V8, Chrome 136+): compile every function of the file at once. */
const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the entry script, which every page runs at start (React, the router, i18next, the shell),
 * with Chrome's compile hint. V8 then compiles its functions while the file streams in, on a
 * background thread, instead of one by one on the main thread as the first render calls them:
 * most of the first render's blocking time on a slow phone (decision 041). Other browsers read a
 * comment. Added after minification, which would drop it.
 */
export function compileHints(): Plugin {
  return {
    name: 'atlas-compile-hints',
    apply: 'build',
    // Last of all, after Vite writes its preload helper at the top of the entry.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          chunk.code = HINT + chunk.code;
          // The hint is one more line above the code: the source map's lines move down by one, in
          // the chunk's map and in the .map file already in the bundle (a sourcemap build).
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const file = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
          if (file?.type === 'asset' && typeof file.source === 'string') {
            const map = JSON.parse(file.source) as { mappings: string };
            file.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}
