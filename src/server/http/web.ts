import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';
import { cookieLanguage, localizeHead, type PageHead } from './page-head';

/**
 * Serves the built SPA. Unknown `/api/*` paths are JSON 404s; every other unknown path gets
 * index.html, and the SPA shows its home screen.
 */
export async function registerWeb(app: FastifyInstance, opts: { root: string; enabled: boolean }): Promise<void> {
  const indexFile = path.join(opts.root, 'index.html');
  const hasWeb = opts.enabled && existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (scripts/precompress.ts).
      preCompressed: true,
      setHeaders: (reply: { header(name: string, value: string): unknown }, file: string) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  const pageFor = pagesWithPreloads(indexHtml, path.join(opts.root, 'route-preloads.json'));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      url.startsWith('/assets/') ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send(errorBody('not_found'));
    }
    const page = pageFor(url, request.headers.cookie);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    reply
      .status(200)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br() : page.gzip());
  });
}

/** An HTML page and its compressed forms, each made once, on first use. */
interface Page {
  html: string;
  br(): Buffer;
  gzip(): Buffer;
}

function pageOf(html: string): Page {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    br: () =>
      (br ??= brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      })),
    gzip: () => (gzip ??= gzipSync(html, { level: 9 })),
  };
}

/**
 * `br` or `gzip` as the client prefers (q-values; q=0 refuses), else undefined for plain text:
 * the negotiation @fastify/static runs for the assets.
 */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  return (
    negotiate<'br' | 'gzip'>(
      ([] as string[])
        .concat(header ?? [])
        .join(',')
        .toLowerCase(),
      ['br', 'gzip'],
    ) ?? undefined
  );
}

/**
 * index.html with `<link rel="modulepreload">` for the screen of a path and its texts in the
 * visitor's language (the `atlas.lang` cookie the app writes; French by default), as listed by
 * the build in route-preloads.json: they download with the first script instead of after it.
 * The home page's own preloads (`data-home`) are left out of other routes' pages, where they
 * would take bandwidth from the screen's code. One page per known path and language, made on
 * first use, its `lang`, title and description in that language (page-head.ts); unknown paths
 * (which show the home screen) get index.html in that language. Pages go out compressed
 * (brotli or gzip, as the browser accepts) like the precompressed assets.
 */
function pagesWithPreloads(indexHtml: string, listFile: string): (url: string, cookie?: string) => Page {
  const list: Record<string, { files: string[]; strings: Record<string, string[]>; head?: Record<string, PageHead> }> =
    existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : {};
  const index = pageOf(indexHtml);
  const pages = new Map<string, Page>();
  return (url, cookie) => {
    const route = url.length > 1 ? url.replace(/\/+$/, '').toLowerCase() : url;
    const preload = route !== '*' && Object.hasOwn(list, route) ? list[route] : undefined;
    const lang = cookieLanguage(cookie);
    // index.html is the French page of unknown paths; every other page is keyed by path and language.
    if (!preload && lang === 'fr') return index;
    const key = `${preload ? route : '*'} ${lang}`;
    let page = pages.get(key);
    if (page === undefined) {
      if (!preload) page = pageOf(localizeHead(indexHtml, lang, list['*']?.head?.[lang]));
      else {
        const links = [...preload.files, ...(preload.strings[lang] ?? [])]
          .map((file) => `<link rel="modulepreload" href="${file}" fetchpriority="low" />`)
          .join('');
        const base = route === '/' ? indexHtml : indexHtml.replace(/<link [^>]*\bdata-home\b[^>]*>/g, '');
        page = pageOf(localizeHead(base, lang, preload.head?.[lang]).replace('</head>', `${links}</head>`));
      }
      pages.set(key, page);
    }
    return page;
  };
}
