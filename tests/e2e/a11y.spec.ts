import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, openSettled } from './support/axe';

/** Every route a visitor can open (protected routes redirect visitors to /login). */
const publicRoutes = ['/', '/about', '/crypto', '/trading', '/stocks', '/real-estate', '/login', '/signup', '/admin-login', '/charts'];
const widths = [1280, 390];

for (const width of widths) {
  test.describe(`axe at ${width} px, in French`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const route of publicRoutes) {
      test(`${route} has no serious or critical violation`, async ({ page }) => {
        await openSettled(page, route);
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
        // The home chart renders when scrolled near: check the page with it drawn.
        await page.mouse.wheel(0, 4000);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page);
      });
    }

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
