import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { LOAD_BOUND_MS } from '../../src/web/lib/bounded-load';
import { readCatalogue, type Lang } from './support/catalogue';
import { signedInPage, signUpViaApi, type E2EUser } from './support/money';

/** The number of screen loads of `/invest` that browsers reported as `kind`, read from /metrics. */
async function errorsOf(request: APIRequestContext, kind: string): Promise<number> {
  const res = await request.get('/metrics');
  expect(res.status()).toBe(200);
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith('atlas_web_client_errors_total{') && l.includes('route="/invest"') && l.includes(kind));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** Holds every request matching `pattern` unanswered (a stalled download) until `release`. */
async function hold(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => (released ? route.continue() : void held.push(route)));
  return {
    held,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

// The error must be on screen once the bound has passed: a margin for the browser, not a measure.
const withinBound = { timeout: LOAD_BOUND_MS + 5_000 };

test.describe('a screen that does not arrive says so, in the person language, and loads again (decision 048)', () => {
  let investor: E2EUser;
  test.beforeAll(async ({ browser, baseURL }) => {
    const setup = await browser.newContext({ baseURL });
    investor = await signUpViaApi(setup.request, 'Lucien', 'Marchetti');
    await setup.close();
  });

  const cases: { what: string; lang: Lang; pattern: RegExp }[] = [
    { what: 'its code', lang: 'fr', pattern: /\/assets\/InvestPage-[\w-]+\.js$/ },
    { what: 'its texts', lang: 'fr', pattern: /\/assets\/fr-app-[\w-]+\.js$/ },
    { what: 'its code', lang: 'en', pattern: /\/assets\/InvestPage-[\w-]+\.js$/ },
  ];
  for (const { what, lang, pattern } of cases) {
    test(`/invest opened from the menu while ${what} never arrive (${lang})`, async ({ browser, baseURL, request }) => {
      test.setTimeout(90_000);
      const common = readCatalogue(lang, 'common');
      const before = await errorsOf(request, 'screen_load_timeout');
      const page = await signedInPage(browser, baseURL!, investor, { lang });
      await page.goto('/about');
      await expect(page.locator('main h1')).toBeVisible();
      const stalled = await hold(page, pattern);
      await page.getByRole('navigation').getByRole('link', { name: common.nav.invest, exact: true }).first().click();
      const failed = page.getByTestId('load-failed');
      await expect(failed).toBeVisible(withinBound);
      expect(stalled.held.length).toBeGreaterThan(0);
      await expect(failed.getByRole('heading')).toHaveText(common.loadFailed.title);
      await expect(page.locator('.animate-spin')).toHaveCount(0);
      // Counted as a client error in /metrics (a beacon: it arrives shortly after).
      await expect.poll(() => errorsOf(request, 'screen_load_timeout')).toBeGreaterThan(before);

      // The download answers at last: "try again" brings the screen, without reloading the page.
      await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));
      await stalled.release();
      await failed.getByRole('button', { name: common.loadFailed.retry }).click();
      await expect(page.getByTestId('load-failed')).toHaveCount(0);
      await expect(page.locator('main h1')).toHaveText(readCatalogue(lang, 'investing').title);
      expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
      await page.context().close();
    });
  }

  test('/invest opened first while its code never arrives: the error after one bound, then the retry works', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const common = readCatalogue('fr', 'common');
    const page = await signedInPage(browser, baseURL!, investor, { lang: 'fr' });
    const stalled = await hold(page, /\/assets\/InvestPage-[\w-]+\.js$/);
    await page.goto('/invest', { waitUntil: 'commit' });
    const failed = page.getByTestId('load-failed');
    await expect(failed).toBeVisible(withinBound);
    await stalled.release();
    await failed.getByRole('button', { name: common.loadFailed.retry }).click();
    await expect(page.locator('main h1')).toHaveText(readCatalogue('fr', 'investing').title);
    await page.context().close();
  });

  test('a download that fails (not only one that stalls) shows the same error, and the retry really asks again', async ({
    browser,
    baseURL,
  }) => {
    const common = readCatalogue('fr', 'common');
    const page = await signedInPage(browser, baseURL!, investor, { lang: 'fr' });
    await page.goto('/about');
    await expect(page.locator('main h1')).toBeVisible();
    let asked = 0;
    await page.route(/\/assets\/fr-app-[\w-]+\.js$/, (route) => {
      asked += 1;
      return asked === 1 ? route.abort('connectionreset') : route.continue();
    });
    await page.getByRole('navigation').getByRole('link', { name: common.nav.invest, exact: true }).first().click();
    const failed = page.getByTestId('load-failed');
    await expect(failed).toBeVisible();
    await failed.getByRole('button', { name: common.loadFailed.retry }).click();
    await expect(page.locator('main h1')).toHaveText(readCatalogue('fr', 'investing').title);
    expect(asked).toBe(2);
    await page.context().close();
  });
});
