import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A/AA rules plus axe's best practices. */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe on the page as it is now and fails with a readable list when any violation is
 * serious or critical. Reusable by every journey: call it after the screen has settled.
 */
export async function expectNoSeriousViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(tags);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('\n    ')}`,
    );
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

/** Opens a route in a language and waits until its heading is on screen and the network is quiet. */
export async function openSettled(page: Page, path: string, lang?: 'fr' | 'en' | 'es'): Promise<void> {
  if (lang) await page.addInitScript((l) => localStorage.setItem('atlas.lang', l), lang);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}
