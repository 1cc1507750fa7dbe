// Screenshot of a page in Debian's Chromium: node scripts/screenshot.mjs <url> <out.png> [width] [lang]
// LOGIN_EMAIL / LOGIN_PASSWORD sign in first (through the API, same origin).
import { chromium } from '@playwright/test';
import { chromiumFlags } from './chromium.mjs';

const [url, out, width = '1280', lang] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumFlags,
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
page.on('pageerror', (e) => console.log('page error:', e.message));
if (lang) await page.addInitScript((l) => localStorage.setItem('atlas.lang', l), lang);
if (process.env.LOGIN_EMAIL) {
  const origin = new URL(url).origin;
  const res = await page.request.post(`${origin}/api/accounts/login`, {
    data: { email: process.env.LOGIN_EMAIL, password: process.env.LOGIN_PASSWORD },
  });
  if (!res.ok()) console.log('login failed', res.status(), await res.text());
}
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(Number(process.env.WAIT_MS ?? 300));
await page.screenshot({ path: out, fullPage: true });
await browser.close();
