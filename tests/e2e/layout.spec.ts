import { expect, test, type Page } from '@playwright/test';
import { screens } from '../../src/web/app/screens';
import { ADMIN, fundViaDeposit, signedInPage, signUpViaApi, type E2EUser } from './support/money';

const widths = [390, 1280] as const;
// The operators' sign-in is theirs too: no assistant there either.
const investorScreens = screens.filter((s) => s.access !== 'admin' && s.path !== '/admin-login');
const operatorScreens = screens.filter((s) => s.access === 'admin');

/**
 * Everything that can be read (each line of text, by its own box) or pressed whose box meets the
 * assistant's button (its ring included), where the page is scrolled now. What the sticky bar
 * covers cannot be read: an element of the page counts only below the bar. Empty when the rule of
 * decision 048 holds.
 */
const underTheLauncher = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-testid="assistant-launcher"]');
    if (!button) return ['(no assistant button)'];
    const b = button.getBoundingClientRect();
    const ring = 4;
    const box = { left: b.left - ring, right: b.right + ring, top: b.top - ring, bottom: b.bottom + ring };
    const bar = document.querySelector('header')!;
    const barBottom = bar.getBoundingClientRect().bottom;
    const hits: string[] = [];
    const shown = (el: Element) =>
      !button.contains(el) &&
      !el.closest('.sr-only') &&
      el.checkVisibility({ visibilityProperty: true, opacityProperty: true, contentVisibilityAuto: true });
    const check = (r: DOMRect, el: Element, label: string) => {
      const top = bar.contains(el) ? r.top : Math.max(r.top, barBottom);
      if (r.width < 1 || r.height < 1 || top >= r.bottom || r.bottom <= 0 || top >= window.innerHeight) return;
      if (r.left < box.right && r.right > box.left && top < box.bottom && r.bottom > box.top)
        hits.push(`${label.trim().slice(0, 50)} [${el.tagName.toLowerCase()}]`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || !shown(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) check(r, el, node.textContent);
    }
    for (const el of document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])',
    )) {
      if (el === button || !shown(el)) continue;
      check(el.getBoundingClientRect(), el, el.textContent || el.getAttribute('aria-label') || '');
    }
    return hits;
  });

/** Opens a screen and waits until it is drawn: a heading, and no loading spinner left. */
async function openDrawn(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.locator('.animate-spin')).toHaveCount(0);
}

async function scrollToEnd(page: Page) {
  await page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

test.describe('the assistant button covers nothing (decision 048)', () => {
  let investor: E2EUser;

  test.beforeAll(async ({ browser, baseURL }) => {
    // An investor with something on the screens: a balance, an investment.
    const setup = await browser.newContext({ baseURL });
    investor = await signUpViaApi(setup.request, 'Elodie', 'Lefèvre-Montgolfier');
    await fundViaDeposit(baseURL!, setup.request, '25000.00');
    expect(
      (await setup.request.post('/api/investments', { data: { amount: '1200.00', area: 'crypto' } })).status(),
    ).toBe(201);
    await setup.close();
  });

  for (const width of widths) {
    test(`every investor's screen at ${width} px, at its top and scrolled to its end`, async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const page = await signedInPage(browser, baseURL!, investor, { width });
      const found: Record<string, string[]> = {};
      for (const spec of investorScreens) {
        await openDrawn(page, spec.path);
        const top = await underTheLauncher(page);
        await scrollToEnd(page);
        const end = await underTheLauncher(page);
        if (top.length + end.length) found[spec.path] = [...top, ...end];
        if (['/profile', '/withdraw', '/cashier'].includes(spec.path))
          await page.screenshot({ path: `.tmp/shots/layout${spec.path}-fr-${width}.png`, fullPage: true });
      }
      expect(found).toEqual({});
      await page.context().close();
    });

    test(`no investor's assistant on the operators' pages at ${width} px`, async ({ browser, baseURL }) => {
      const page = await signedInPage(browser, baseURL!, ADMIN, { width });
      for (const spec of operatorScreens) {
        await openDrawn(page, spec.path);
        await expect(page.getByTestId('assistant-launcher')).toHaveCount(0);
      }
      // The investor's pages still have it for an operator.
      await openDrawn(page, '/about');
      await expect(page.getByTestId('assistant-launcher')).toBeVisible();
      await page.context().close();
      const visitor = await browser.newPage({ baseURL, viewport: { width, height: 900 } });
      await visitor.goto('/admin-login');
      await expect(visitor.locator('main h1').first()).toBeVisible();
      await expect(visitor.getByTestId('assistant-launcher')).toHaveCount(0);
      await visitor.close();
    });
  }
});
