import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { ADMIN, fundViaDeposit, login, pngProof, signUpViaApi, type E2EUser } from './support/money';
import { expectNoSeriousViolations, openSettled } from './support/axe';
import { screens } from '../../src/web/app/screens';

/** Every route a visitor can open (protected routes redirect visitors to /login): the screens list's own. */
const publicRoutes = [...screens.filter((s) => !s.access).map((s) => s.path), '/reset-password?token=from-the-link'];
/** Every route behind a session, seen by an investor with money, an investment and history (and the charts). */
const investorRoutes = [...screens.filter((s) => s.access === 'user').map((s) => s.path), '/charts'];
const widths = [1280, 390];

/** Scrolls to the bottom (lazy charts and images render when near) and waits for quiet. */
async function settleWholePage(page: Page): Promise<void> {
  await page.mouse.wheel(0, 6000);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

async function signedInPage(browser: Browser, who: { email: string; password: string }, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width, height: 900 } });
  await login(context.request, who.email, who.password);
  return context.newPage();
}

let investor: E2EUser;
test.beforeAll(async () => {
  // An investor with a balance, one investment, a pending deposit in the operators' queue and a
  // statement to show: every protected screen has real content to check.
  const api = await request.newContext({ baseURL });
  investor = await signUpViaApi(api, 'Axel', 'Access');
  await fundViaDeposit(baseURL, api, '800');
  expect((await api.post('/api/investments', { data: { area: 'stocks', amount: '150' } })).status()).toBe(201);
  const pending = await api.post('/api/deposits', {
    multipart: { amount: '60', proof: { name: 'proof.png', mimeType: 'image/png', buffer: await pngProof() } },
  });
  expect(pending.status()).toBe(201);
  await api.dispose();
});

for (const width of widths) {
  test.describe(`axe at ${width} px, in French`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const route of publicRoutes) {
      test(`${route} has no serious or critical violation`, async ({ page }) => {
        await openSettled(page, route);
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
        // The home chart renders when scrolled near: check the page with it drawn.
        await settleWholePage(page);
        await expectNoSeriousViolations(page);
      });
    }

    for (const route of investorRoutes) {
      test(`${route}, signed in, has no serious or critical violation`, async ({ browser }) => {
        const page = await signedInPage(browser, investor, width);
        await openSettled(page, route);
        await expect(page).toHaveURL(new RegExp(`${route}$`));
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
        await settleWholePage(page);
        await expectNoSeriousViolations(page);
        await page.context().close();
      });
    }

    test('/admin, as an operator with a request waiting, has no serious or critical violation', async ({ browser }) => {
      const page = await signedInPage(browser, ADMIN, width);
      await openSettled(page, '/admin');
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByText('$60.00').first()).toBeVisible();
      await settleWholePage(page);
      await expectNoSeriousViolations(page);
      await page.context().close();
    });

    test('the open assistant has no serious or critical violation', async ({ page }) => {
      await openSettled(page, '/');
      await page.getByRole('button', { name: "Ouvrir l'assistant Atlas Invest" }).click();
      await page.getByRole('textbox', { name: 'Votre message' }).fill('dépôt');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('assistant-log').locator('li')).toHaveCount(3);
      await expectNoSeriousViolations(page);
    });
  });
}
