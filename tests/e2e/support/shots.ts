import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { login } from './money';

export type ShotLanguage = 'fr' | 'en';

/**
 * Screenshots for review (not committed): the page `prepare` opens, signed in as `who`, in French and
 * English at 1280 and 390 px, full page, saved as `.tmp/shots/<name>-<lang>-<width>.png`.
 */
export async function shotsFrEn(
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string },
  name: string,
  prepare: (page: Page, lang: ShotLanguage) => Promise<void>,
): Promise<void> {
  mkdirSync('.tmp/shots', { recursive: true });
  for (const lang of ['fr', 'en'] as const) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: 900 },
        locale: lang === 'fr' ? 'fr-FR' : 'en-US',
      });
      await context.addInitScript((l) => localStorage.setItem('atlas.lang', l), lang);
      await login(context.request, who.email, who.password);
      const page = await context.newPage();
      await prepare(page, lang);
      await page.screenshot({ path: `.tmp/shots/${name}-${lang}-${width}.png`, fullPage: true });
      await context.close();
    }
  }
}
