// Lighthouse (mobile defaults: Moto G Power emulation, simulated slow 4G) on the pages of issue 7,
// against a running production build. Prints scores, key metrics and JavaScript bytes per page.
// Usage: CHROME_PATH=/usr/bin/chromium node bench/pages/run.mjs [baseUrl] [path ...]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = (process.argv[2] ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const paths = process.argv.length > 3 ? process.argv.slice(3) : ['/', '/invest', '/portfolio'];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const rows = [];
try {
  for (const path of paths) {
    const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const { lhr } = result;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id];
    const requests = audit('network-requests')?.details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    rows.push({
      path,
      final: new URL(lhr.finalDisplayedUrl).pathname,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: audit('first-contentful-paint')?.displayValue,
      lcp: audit('largest-contentful-paint')?.displayValue,
      tbt: audit('total-blocking-time')?.displayValue,
      cls: audit('cumulative-layout-shift')?.displayValue,
      jsTransfer: kb(scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0)),
      jsFiles: scripts.length,
      contrast: (lhr.audits['color-contrast']?.details?.items ?? []).map((i) => `${i.node?.snippet ?? ''} ${i.node?.explanation?.split('\n')[1] ?? ''}`),
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
        .map((a) => a.id),
    });
  }
} finally {
  await chrome.kill();
}
for (const r of rows) {
  console.log(`${r.path}${r.final !== r.path ? ` (redirected to ${r.final})` : ''}`);
  console.log(`  performance ${r.performance}  accessibility ${r.accessibility}  best practices ${r.bestPractices}  SEO ${r.seo}`);
  console.log(`  FCP ${r.fcp}  LCP ${r.lcp}  TBT ${r.tbt}  CLS ${r.cls}  JS ${r.jsTransfer} in ${r.jsFiles} files`);
  if (r.failing.length) console.log(`  audits below 0.9: ${r.failing.join(', ')}`);
  for (const c of r.contrast) console.log(`  contrast: ${c}`);
}
