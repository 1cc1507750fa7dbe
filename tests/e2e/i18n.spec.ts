import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { screens } from '../../src/web/app/screens';
import { readAsSpreadsheet } from '../support/spreadsheet';
import {
  ADMIN,
  fundViaDeposit,
  login,
  pngProof,
  signedInContext,
  signUpPersonViaApi,
  signUpViaApi,
} from './support/money';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const tag = () => Math.random().toString(36).slice(2, 8);

/** A person whose every field is as long as the product allows a person to make it. */
async function longPerson(api: APIRequestContext) {
  const t = tag();
  const who = {
    firstName: 'Marie-Bérengère-Alexandrine-Joséphine',
    lastName: 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft',
    username: `tres_long_nom_${t}`,
    email: `marie.berengere.alexandrine.josephine.wolfeschlegelstein.${t}@un-tres-long-domaine-de-messagerie.example.test`,
    password: 'secret-123',
  };
  return signUpPersonViaApi(api, who);
}

async function asAdmin(baseURL: string) {
  const admin = await request.newContext({ baseURL });
  await login(admin, ADMIN.email, ADMIN.password);
  return admin;
}

/** Language chosen before the first script runs, as a returning visitor's would be. */
async function inLanguage(
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string },
  lang: 'fr' | 'en' | 'es',
) {
  const { context, page } = await signedInContext(browser, baseURL, who);
  await context.addCookies([{ name: 'atlas.lang', value: lang, url: baseURL }]);
  await context.addInitScript((l) => localStorage.setItem('atlas.lang', l), lang);
  return { context, page };
}

const documentWidth = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

/**
 * What the assistant button's box overlaps (should always be nothing): the page's actions where it
 * is scrolled, or, scrolled to the end, the footer's lines (the risk notice above all).
 */
const underTheButton = (page: Page, what: 'actions' | 'footer text') =>
  page.evaluate((what) => {
    if (what === 'footer text') window.scrollTo(0, document.documentElement.scrollHeight);
    const launcher = document
      .querySelector<HTMLElement>('button[aria-controls="assistant-panel"]')!
      .getBoundingClientRect();
    // Below 1024 px the button is in the sticky bar (decision 048): what scrolls under the bar is
    // hidden by it, so only the part of a box below the bar counts.
    const barBottom = document.querySelector('header')!.getBoundingClientRect().bottom;
    const under = (r: DOMRect) =>
      r.left < launcher.right &&
      r.right > launcher.left &&
      Math.max(r.top, barBottom) < launcher.bottom &&
      r.bottom > launcher.top;
    const hits: string[] = [];
    if (what === 'footer text') {
      for (const p of document.querySelectorAll<HTMLElement>('footer p')) {
        // The lines' own boxes (a range's), not the paragraph's, which spans the whole width.
        const text = document.createRange();
        text.selectNodeContents(p);
        if ([...text.getClientRects()].some(under)) hits.push(p.textContent!.trim().slice(0, 40));
      }
      return hits;
    }
    for (const el of document.querySelectorAll<HTMLElement>(
      'main a[href], main button, main input, main select, main textarea, footer a[href]',
    )) {
      const r = el.getBoundingClientRect();
      // A card that is a link as a whole (taller than a third of the screen) stays pressable around the button.
      if (r.width <= 1 || r.height <= 1 || r.height >= window.innerHeight / 3) continue;
      if (under(r)) hits.push((el.textContent || el.getAttribute('aria-label') || el.tagName).trim().slice(0, 40));
    }
    return hits;
  }, what);

/** The investor-facing text of `address_invalid`, per language (the note stays the operator's). */
const addressRefused = {
  fr: /ne peut pas recevoir de BTC/,
  en: /cannot receive BTC/,
  es: /no puede recibir BTC/,
} as const;

test.describe('French-first, every width, every language', () => {
  let long: Awaited<ReturnType<typeof longPerson>>;

  test.beforeAll(async ({ browser, baseURL }) => {
    const setup = await browser.newContext({ baseURL });
    long = await longPerson(setup.request);
    await fundViaDeposit(baseURL!, setup.request, '850000000.00');
    // A withdrawal rejected with a long reason, one pending to a long address, a pending deposit.
    const admin = await asAdmin(baseURL!);
    const rejected = await setup.request.post('/api/withdrawals', {
      data: { amount: '1234567.89', crypto: 'BTC', address: BTC },
    });
    expect(rejected.status(), await rejected.text()).toBe(201);
    const reason = `Adresse refusée après vérification : ${'https://explorateur.example.test/transaction/'.padEnd(140, 'x')} — ${'la demande ne correspond pas aux informations du compte, merci de recommencer avec une adresse à votre nom. '.repeat(3)}`;
    expect(
      (
        await admin.post(`/api/admin/withdrawals/${(await rejected.json()).id}/reject`, {
          data: { reason: 'address_invalid', note: reason.slice(0, 500) },
        })
      ).status(),
    ).toBe(200);
    expect(
      (
        await setup.request.post('/api/withdrawals', { data: { amount: '987654.32', crypto: 'BTC', address: BTC } })
      ).status(),
    ).toBe(201);
    expect(
      (
        await setup.request.post('/api/deposits', {
          multipart: {
            amount: '123456789.01',
            proof: { name: 'preuve.png', mimeType: 'image/png', buffer: await pngProof() },
          },
        })
      ).status(),
    ).toBe(201);
    // Transfers both ways with another long name, and investments in every area.
    const other = await browser.newContext({ baseURL });
    const friend = await signUpViaApi(other.request, 'Jeanchristophe', 'Delacroix-Montmorency-Beauregard-de-la-Tour');
    expect(
      (
        await setup.request.post('/api/transfers', { data: { recipientUid: friend.uid, amount: '7654321.00' } })
      ).status(),
    ).toBe(201);
    for (const area of ['crypto', 'trading', 'stocks', 'real_estate']) {
      expect((await setup.request.post('/api/investments', { data: { area, amount: '123456789.12' } })).status()).toBe(
        201,
      );
    }
    await admin.dispose();
    await other.close();
    await setup.close();
  });

  // The screens list's own routes: a new screen is checked without being added here.
  const userRoutes = screens.filter((s) => s.access === 'user').map((s) => s.path);
  const publicRoutes = screens.filter((s) => !s.access).map((s) => s.path);

  test('no screen scrolls sideways at 320, 360 and 390 px, with long names, e-mails, reasons and amounts', async ({
    browser,
    baseURL,
  }) => {
    // Every screen of screens.ts at every width: its time grows with the screens (three new ones this session).
    test.setTimeout(240_000);
    // Every width in French; the narrowest in English and Spanish too (Spanish words run longest).
    for (const [lang, widths] of [
      ['fr', [320, 360, 390]],
      ['en', [320]],
      ['es', [320]],
    ] as const) {
      const { context, page } = await inLanguage(browser, baseURL!, long, lang);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        for (const route of [...userRoutes, ...publicRoutes]) {
          await page.goto(route);
          await expect(page.locator('main h1').first()).toBeVisible();
          // A closed account's page shows no money (its balance is zero by construction).
          if (userRoutes.includes(route) && route !== '/account-closed')
            await expect(page.locator('main')).toContainText(/\$\d{3},\d{3},\d{3}\.\d{2}/);
          if (route === '/cashier')
            // The person reads the catalogue's reason with the long address, never the operator's note.
            await expect(page.getByText(addressRefused[lang]).first()).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          if (route === '/profile') await expect(page.getByText(long.email).first()).toBeVisible();
          if (route === '/portfolio') await expect(page.getByTestId('statement-balance')).toBeVisible();
          const { scroll, client } = await documentWidth(page);
          expect.soft(scroll, `${route} at ${width} px in ${lang} is ${scroll} px wide`).toBeLessThanOrEqual(client);
        }
      }
      await context.close();
    }

    const admin = await browser.newContext({ baseURL, viewport: { width: 320, height: 800 } });
    await login(admin.request, ADMIN.email, ADMIN.password);
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin');
    await expect(adminPage.getByTestId('request-card').filter({ hasText: long.lastName }).first()).toBeVisible();
    const { scroll, client } = await documentWidth(adminPage);
    expect(scroll, `/admin at 320 px is ${scroll} px wide`).toBeLessThanOrEqual(client);
    await admin.close();
  });

  test('the assistant keeps its conversation across closing and screens, and its button never covers an action', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await signedInContext(browser, baseURL!, long);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/portfolio');
    const launcher = page.getByRole('button', { name: "Ouvrir l'assistant Atlas Invest" });
    await launcher.click();
    const panel = page.getByTestId('assistant-panel');
    await panel.getByRole('textbox').fill('Comment faire un dépôt ?');
    await panel.getByRole('textbox').press('Enter');
    await expect(panel.getByText('Comment faire un dépôt ?')).toBeVisible();
    const replies = panel.locator('li, p').filter({ hasText: /dépôt/i });
    await expect.poll(() => replies.count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await launcher.click();
    await expect(panel.getByText('Comment faire un dépôt ?')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Caisse' }).first().click();
    await page.waitForURL('**/cashier');
    await launcher.click();
    await expect(panel.getByText('Comment faire un dépôt ?')).toBeVisible();
    await page.keyboard.press('Escape');

    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      for (const route of [
        '/portfolio',
        '/cashier',
        '/invest',
        '/deposit',
        '/withdraw',
        '/internal-transfer',
        '/profile',
        '/',
      ]) {
        await page.goto(route);
        await expect(page.locator('main h1').first()).toBeVisible();
        if (route === '/portfolio')
          await expect(page.getByRole('button', { name: /Arrêter|Bloqué/ }).first()).toBeVisible();
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y < height; y += Math.floor(size.height / 2)) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await expect
            .poll(() => underTheButton(page, 'actions'), { message: `${route} at ${size.width} px, scrolled to ${y}` })
            .toEqual([]);
        }
        await expect
          .poll(() => underTheButton(page, 'footer text'), { message: `${route} at ${size.width} px, at the end` })
          .toEqual([]);
      }
    }

    // The view of a statement that failed to load: its CSV link stays reachable.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route('**/api/statement?*', (r) =>
      r.fulfill({
        status: 500,
        body: '{"error":{"code":"internal_error","params":{}}}',
        contentType: 'application/json',
      }),
    );
    await page.goto('/portfolio');
    await expect(page.getByRole('link', { name: 'Télécharger en CSV' })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 300) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect
        .poll(() => underTheButton(page, 'actions'), { message: `failed /portfolio scrolled to ${y}` })
        .toEqual([]);
    }
    await context.close();
  });

  for (const [lang, typed, sent, insufficient, willSend, datePattern, birth] of [
    [
      'fr',
      '1 250,50',
      '$1,250.50',
      'Solde insuffisant pour cet investissement',
      'Montant envoyé',
      'jj/mm/aaaa',
      '31/12/1990',
    ],
    [
      'en',
      '1,250.50',
      '$1,250.50',
      'Insufficient balance for this investment',
      'Amount sent',
      'mm/dd/yyyy',
      '12/31/1990',
    ],
    [
      'es',
      '1.250,50',
      '$1,250.50',
      'Saldo insuficiente para esta inversión',
      'Importe enviado',
      'dd/mm/aaaa',
      '31/12/1990',
    ],
  ] as const) {
    test(`${lang}: amounts and dates typed the language's way, the reason beside the button, the first byte and the spreadsheet`, async ({
      browser,
      baseURL,
    }) => {
      const setup = await browser.newContext({ baseURL });
      const who = await signUpViaApi(setup.request, 'Ana', 'Lopez');
      await fundViaDeposit(baseURL!, setup.request, '2000.00');
      await setup.close();
      const { context, page } = await inLanguage(browser, baseURL!, who, lang);

      // The first byte already speaks the language of the cookie.
      const html = await (await context.request.get('/invest')).text();
      expect(html).toContain(`<html lang="${lang}"`);

      await page.goto('/invest');
      const amount = page.locator('input[name="amount"]');
      await expect(amount).toHaveAttribute('placeholder', { fr: '250,00', en: '250.00', es: '250,00' }[lang]);
      await amount.fill('3000');
      await expect(page.getByTestId('confirm-reason')).toHaveText(insufficient);
      await expect(page.locator('button[type="submit"]')).toBeDisabled();
      await amount.fill(typed);
      await expect(page.getByTestId('amount-preview')).toHaveText(
        `${willSend}: ${sent}`.replace('envoyé:', 'envoyé :'),
      );
      await expect(page.getByTestId('confirm-reason')).toHaveCount(0);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL('**/portfolio', { timeout: 10_000 });
      const investments = (await (await context.request.get('/api/investments')).json()).investments as Array<{
        amount: string;
      }>;
      expect(investments.map((i) => i.amount)).toEqual(['1250.50']);

      // The statement's CSV as a spreadsheet of the language opens it.
      const rows = readAsSpreadsheet(await (await context.request.get(`/api/statement.csv?lang=${lang}`)).text(), lang);
      expect(rows.slice(1).map((r) => [r[3], r[4]])).toEqual([
        [2000, 2000],
        [-1250.5, 749.5],
      ]);

      // The statement's day filter and the signup's birth date follow the language's order.
      const from = page.locator('input[name="from"]');
      await expect(from).toHaveAttribute('placeholder', datePattern);
      await context.clearCookies();
      await context.addCookies([{ name: 'atlas.lang', value: lang, url: baseURL! }]);
      await page.goto('/signup');
      const birthDate = page.locator('input[name="birthDate"]');
      await expect(birthDate).toHaveAttribute('placeholder', datePattern);
      await birthDate.fill(birth);
      await birthDate.blur();
      await expect(page.locator('main [aria-invalid="true"]')).toHaveCount(0);
      await birthDate.fill('31/31/1990');
      await birthDate.blur();
      await expect(birthDate).toHaveAttribute('aria-invalid', 'true');
      await context.close();
    });
  }

  // Last of the file: it moves the server's test clock past a month's end (it only ever moves forward).
  test('after the turn of the month, the month that just closed shows its value, not $0, before any snapshot run', async ({
    browser,
    baseURL,
  }) => {
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Louis', 'Martin');
    await fundViaDeposit(baseURL!, setup.request, '1000.00');
    expect(
      (await setup.request.post('/api/investments', { data: { area: 'stocks', amount: '300.00' } })).status(),
    ).toBe(201);
    const now = new Date((await (await setup.request.get('/api/test/clock')).json()).now as string);
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const moved = await setup.request.post('/api/test/clock', {
      data: { advanceDays: Math.ceil((nextMonth - now.getTime()) / 86_400_000) + 1 },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await setup.close();

    const { context, page } = await signedInContext(browser, baseURL!, who);
    await page.goto('/portfolio');
    const rows = page.getByTestId('history-chart').locator('tbody tr');
    await expect(rows).toHaveCount(12);
    // Columns: month, then the areas; the closed month and the new one both hold the $300.00 in stocks.
    await expect(rows.nth(10)).toContainText('$300.00');
    await expect(rows.nth(11)).toContainText('$300.00');
    await context.close();
  });
});
