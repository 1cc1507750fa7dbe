import { expect, test } from '@playwright/test';

test.describe('app shell', () => {
  test('home renders in French with <html lang="fr">', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toContainText("Investissez dans l'avenir");
    await expect(page.getByRole('link', { name: 'Commencer' })).toHaveAttribute('href', '/invest');
  });

  test('switching to EN and ES changes the visible texts and survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Langue').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Invest in the future');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Invest in the future');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Invierta en el futuro');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('link', { name: 'Acerca de' }).first()).toBeVisible();
  });

  test('an unknown path shows the home screen', async ({ page }) => {
    await page.goto('/n-importe-quoi');
    await expect(page.getByRole('heading', { level: 1 })).toContainText("Investissez dans l'avenir");
  });

  test('the mobile menu opens at 390 px, is part of the main navigation, and closes with Escape or a link', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Navigation principale' }).locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'Portfolio' })).toBeVisible();
    // Escape from inside the menu closes it and gives the focus back to its button.
    await menu.getByRole('link', { name: 'Portfolio' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'À propos' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    // The link that had the focus is gone with the menu: the focus starts the new screen.
    await expect(page.locator('main')).toBeFocused();
  });

  test('unknown API paths are JSON 404s and the OpenAPI document parses', async ({ request }) => {
    const nope = await request.get('/api/nope');
    expect(nope.status()).toBe(404);
    expect(await nope.json()).toEqual({ error: { code: 'not_found', params: {} } });
    const spec = await request.get('/api/openapi.json');
    expect((await spec.json()).openapi).toMatch(/^3\./);
  });
});

test.describe('a visitor', () => {
  test('opens the public pages without a console error or a failed request', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    for (const path of ['/', '/about', '/crypto', '/login', '/signup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    // The visitor question itself: who is signed in? Nobody, with a 200.
    const me = await page.request.get('/api/me');
    expect([me.status(), await me.json()]).toEqual([200, null]);
    expect(problems).toEqual([]);
  });
});

test('the entry script asks Chrome to compile it while it streams in (decision 041), compressed or not', async ({
  request,
}) => {
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(await (await request.get('/')).text())?.[1];
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  for (const encoding of ['br', 'gzip', 'identity']) {
    const served = await request.get(entry!, { headers: { 'accept-encoding': encoding } });
    expect(served.status()).toBe(200);
    expect((await served.text()).startsWith('//# allFunctionsCalledOnLoad\n'), encoding).toBe(true);
  }
});

test('a deep link names its screen and its texts in the page it gets, in the visitor language', async ({ request }) => {
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const fr = preloads(await (await request.get('/invest')).text());
  expect(fr.some((f) => /\/assets\/InvestPage-[\w-]+\.js$/.test(f))).toBe(true);
  expect(fr.some((f) => f.includes('/fr-app-'))).toBe(true);
  expect(fr.some((f) => f.includes('/en-'))).toBe(false);
  for (const file of fr) expect((await request.get(file)).status(), file).toBe(200);
  const en = preloads(await (await request.get('/Invest/', { headers: { cookie: 'atlas.lang=en' } })).text());
  expect(en.some((f) => f.includes('/en-app-')) && en.some((f) => f.includes('/en-shell-'))).toBe(true);
  // The home page and its French texts are in the first script; an unknown path is the home page.
  expect(preloads(await (await request.get('/')).text())).toEqual([]);
  expect(preloads(await (await request.get('/n-importe-quoi')).text())).toEqual([]);
  // The home page's hero image is preloaded for the home page only, not ahead of another screen's code.
  const hero = /<link rel="preload" as="image" href="\/img\/home-hero\.svg"/;
  expect(await (await request.get('/')).text()).toMatch(hero);
  expect(await (await request.get('/n-importe-quoi')).text()).toMatch(hero);
  for (const path of ['/invest', '/about', '/portfolio'])
    expect(await (await request.get(path)).text(), path).not.toMatch(hero);
});
