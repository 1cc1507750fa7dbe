// The JavaScript a browser really loads for a page before any interaction: every script
// response (entry, modulepreloads, chunks fetched at first render, language bundle), with
// its compressed size on the wire and its gzip -9 size (the budget's unit), at a phone and a
// desktop width.
// Usage: node bench/pages/initial-js.mjs [baseUrl] [path ...]   (against a running production build)
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const base = (process.argv[2] ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const paths = process.argv.length > 3 ? process.argv.slice(3) : ['/'];
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

/** Loads `path` at `width` and returns the scripts fetched until the network is idle. */
export async function initialScripts(browser, url, width) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, locale: 'fr-FR' });
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    const response = await request.response();
    const body = (await response?.body()) ?? Buffer.alloc(0);
    scripts.push({
      url: new URL(request.url()).pathname,
      bytes: sizes.responseBodySize,
      gzip: gzipSync(body, { level: 9 }).length,
      encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'identity',
    });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await context.close();
  return scripts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const path of paths) {
      for (const width of [390, 1280]) {
        const scripts = await initialScripts(browser, `${base}${path}`, width);
        const total = scripts.reduce((s, x) => s + x.bytes, 0);
        const gzip = scripts.reduce((s, x) => s + x.gzip, 0);
        console.log(
          `${path} at ${width} px: ${scripts.length} scripts, ${kb(total)} (${kib(total)}) on the wire, ${kb(gzip)} (${kib(gzip)}) gzip -9`,
        );
        for (const s of scripts.sort((a, b) => b.bytes - a.bytes))
          console.log(
            `  ${s.url.padEnd(44)} ${kb(s.bytes).padStart(10)} ${s.encoding.padEnd(8)} ${kb(s.gzip).padStart(10)} gzip`,
          );
      }
    }
  } finally {
    await browser.close();
  }
}
