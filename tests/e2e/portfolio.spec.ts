import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { readAsSpreadsheet } from '../support/spreadsheet';
import { fundViaDeposit, signedInContext, signUpViaApi } from './support/money';

/** The price the server's stand-in provider starts with (src/server/modules/testing). */
const DEFAULT_BTC = '65000.00';

/** Sets the stand-in provider's price and waits until the app quotes it (a refresh already under way may land first). */
const setBtcPrice = async (api: APIRequestContext, amount: string) => {
  await expect(async () => {
    const res = await api.post('/api/test/btc-price', { data: { amount } });
    expect(res.status(), await res.text()).toBe(200);
    expect((await (await api.get('/api/market/btc')).json()).price).toBe(amount);
  }).toPass({ timeout: 15_000 });
};

const invest = async (api: APIRequestContext, area: string, amount: string) => {
  const res = await api.post('/api/investments', { data: { area, amount } });
  expect(res.status(), await res.text()).toBe(201);
};

/** Opens /portfolio and waits for the stats and the statement to be drawn (the live-events stream never lets the network idle). */
async function openPortfolio(page: Page) {
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon portfolio' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Valeur totale' })).not.toContainText('—');
  await expect(
    page.getByTestId('statement-table').or(page.getByText('Aucune opération pour ces critères.')),
  ).toBeVisible();
}

/** Wide content (the statement table) scrolls inside its card; the page itself never scrolls sideways. */
async function expectNoHorizontalScroll(page: Page) {
  // Polled: after a viewport change the charts measure their box again on the next frame.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** "$1,234.50" / "+$10.00" / "-$3.00" → cents. */
const cents = (text: string) => {
  const m = /([+-])?\$([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`no amount in ${text}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]));
};

test.describe('portfolio journeys', () => {
  // Every date rule (the 5-day lock, the 30-day withdrawal lock) reads the same server clock, and the
  // test clock only moves forward, so later journeys stay consistent; the BTC price is put back.
  test.afterAll(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await setBtcPrice(api, DEFAULT_BTC);
    await api.dispose();
  });

  test('investments in all four areas: pie, stats, table, stop after 5 days, CSV totals', async ({
    browser,
    baseURL,
  }) => {
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Lucie', 'Bernard');
    await fundViaDeposit(baseURL!, setup.request, '1000.00');
    await setBtcPrice(setup.request, '65000.00');
    await invest(setup.request, 'crypto', '100.00');
    await invest(setup.request, 'trading', '150.50');
    await invest(setup.request, 'stocks', '200.00');
    await invest(setup.request, 'real_estate', '49.50');
    // BTC up 10 %: the crypto investment is now worth $110.00.
    await setBtcPrice(setup.request, '71500.00');
    await setup.close();

    const { context, page } = await signedInContext(browser, baseURL!, who);
    await openPortfolio(page);

    // Stats: $510.00 valued for $500.00 invested.
    await expect(page.getByRole('group', { name: 'Valeur totale' })).toContainText('$510.00');
    await expect(page.getByRole('group', { name: 'Investi', exact: true })).toContainText('$500.00');
    await expect(page.getByRole('group', { name: 'Gain / perte total' })).toContainText('+$10.00');
    await expect(page.getByRole('group', { name: 'ROI' })).toContainText('+2,00 %');
    await expect(page.getByTestId('price-notice')).toContainText('$71,500.00');

    // The pie is an image whose name lists every area with its value; the legend shows the shares.
    const pie = page.getByRole('img', { name: /Répartition du portfolio/ });
    await expect(pie).toBeVisible();
    for (const part of [
      'Crypto',
      '($110.00)',
      'Trading',
      '($150.50)',
      'Actions',
      '($200.00)',
      'Immobilier',
      '($49.50)',
    ]) {
      await expect(pie).toHaveAttribute('aria-label', new RegExp(part.replace(/[$().]/g, '\\$&')));
    }
    // The first slice starts at the top, clockwise: pointing just right of twelve o'clock shows crypto's amount.
    const disc = (await pie.boundingBox())!;
    await page.mouse.move(disc.x + disc.width / 2 + 10, disc.y + disc.height / 2 - 40);
    await expect(page.getByTestId('allocation-chart')).toContainText('Crypto : $110.00');
    const legend = page.getByRole('list', { name: 'Répartition' });
    await expect(legend.getByRole('listitem')).toHaveCount(4);
    await expect(legend.getByRole('listitem').filter({ hasText: 'Actions' })).toContainText('39,22 %');

    // The table: four active investments, every stop button locked for 5 days.
    const table = page.getByTestId('investments-table');
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(4);
    const cryptoRow = rows.filter({ hasText: 'Crypto' });
    await expect(cryptoRow).toContainText('$100.00');
    await expect(cryptoRow).toContainText('$110.00');
    await expect(cryptoRow).toContainText('+$10.00');
    for (const button of await rows.getByRole('button').all()) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveText('Bloqué (5 j restants)');
    }

    // The month axis always names the newest month (the screen-reader table's last row), and every label fits inside the chart.
    const history = page.getByTestId('history-chart').locator('svg[role=img]');
    const drawing = (await history.boundingBox())!;
    const axis = history.locator('text');
    const months = await axis.filter({ hasText: /^[A-Z][a-zé]+ \d\d$/ }).allTextContents();
    expect(months.length).toBeGreaterThanOrEqual(4);
    expect(months.at(-1)).toBe(
      await page.getByTestId('history-chart').locator('tbody tr').last().locator('th').textContent(),
    );
    for (const label of await axis.all()) {
      const [b, text] = [(await label.boundingBox())!, (await label.textContent()) ?? ''];
      expect(b.x, text).toBeGreaterThanOrEqual(drawing.x);
      expect(b.x + b.width, text).toBeLessThanOrEqual(drawing.x + drawing.width);
    }

    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('investments-list').getByRole('listitem')).toHaveCount(4);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    // Loaded afresh on a phone, nothing moves while the price notice, figures and charts arrive (their places are kept).
    await page.addInitScript(() => {
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          (window as unknown as { shifts: number[] }).shifts.push((e as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await openPortfolio(page);
    await expect(page.getByTestId('price-notice')).toBeVisible();
    await expect(page.getByRole('img', { name: /Répartition du portfolio/ })).toBeVisible();
    await page.getByTestId('history-chart').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('history-chart').locator('svg[role=img]')).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0)),
    ).toBeLessThan(0.01);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Five full days later the investment can be stopped: a confirmation, then the amount credited.
    const moved = await page.request.post('/api/test/clock', { data: { advanceDays: 5 } });
    expect(moved.status(), await moved.text()).toBe(200);
    await openPortfolio(page);
    await expect(rows).toHaveCount(4);
    await cryptoRow.getByRole('button', { name: 'Arrêter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Arrêter cet investissement ?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Votre investissement Crypto de $100.00 sera arrêté');
    await expect(dialog).toContainText('environ $110.00');
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(4);

    await cryptoRow.getByRole('button', { name: 'Arrêter' }).click();
    await dialog.getByRole('button', { name: 'Oui, arrêter' }).click();
    await expect(page.getByText('Montant ajouté à votre solde : $110.00')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Crypto' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Valeur totale' })).toContainText('$400.00');
    await expect(page.getByRole('group', { name: 'Investi', exact: true })).toContainText('$400.00');
    await expect(page.getByRole('group', { name: 'ROI' })).toContainText('0,00 %');
    await expect(legend.getByRole('listitem')).toHaveCount(3);

    // The statement on the page: deposit, four investments, the stop; $1,000 − $500 + $110.
    const balance = page.getByTestId('statement-balance');
    await expect(balance).toContainText('$610.00');
    const statementRows = page.getByTestId('statement-table').locator('tbody tr');
    await expect(statementRows).toHaveCount(6);
    await expect(statementRows.first()).toContainText("Arrêt d'investissement");
    await expect(statementRows.first()).toContainText('+$110.00');
    const pageBalance = cents((await balance.textContent())!);

    // The CSV of the same lines: its amounts add up to the balance the page shows, line by line.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Télécharger en CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^atlas-statement-\d{4}-\d{2}-\d{2}\.csv$/);
    // Opened as a French spreadsheet opens it: ";" between cells, amounts with a decimal comma read as numbers.
    const [header, ...lines] = readAsSpreadsheet(readFileSync((await download.path())!, 'utf8'), 'fr');
    expect(header).toEqual(['Date (UTC)', 'Opération', 'Détail', 'Montant (USD)', 'Solde (USD)']);
    expect(lines).toHaveLength(6);
    expect(lines.map((l) => l[1])).toEqual([
      'Dépôt',
      'Investissement',
      'Investissement',
      'Investissement',
      'Investissement',
      'Arrêt d’investissement',
    ]);
    expect(lines.map((l) => l[2])).toEqual(['', 'Crypto', 'Trading', 'Actions', 'Immobilier', 'Crypto']);
    let running = 0;
    for (const line of lines) {
      expect([typeof line[3], typeof line[4]]).toEqual(['number', 'number']);
      running += Math.round(Number(line[3]) * 100);
      expect(Math.round(Number(line[4]) * 100)).toBe(running);
    }
    expect(running).toBe(pageBalance);
    const invested = lines
      .filter((l) => l[1] === 'Investissement')
      .reduce((sum, l) => sum - Math.round(Number(l[3]) * 100), 0);
    expect(invested).toBe(500_00);

    // The page's lines are the CSV's, newest first.
    const shownBalances = await statementRows.locator('td:last-child').allTextContents();
    expect(shownBalances.map(cents)).toEqual(lines.map((l) => Math.round(Number(l[4]) * 100)).reverse());

    // A range of days that ends before it starts is refused on its end day, aloud and in French, and
    // its CSV is not offered; moving the start back puts everything right.
    const from = page.locator('input[name="from"]');
    const to = page.locator('input[name="to"]');
    const csvLink = page.getByRole('link', { name: 'Télécharger en CSV' });
    await from.fill('02/01/2030');
    await to.fill('01/01/2030');
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByRole('alert').filter({ hasText: 'La date de fin ne peut pas précéder la date de début.' }),
    ).toBeVisible();
    await expect(csvLink).toBeHidden();
    await from.fill('01/01/2030');
    await expect(to).toHaveAttribute('aria-invalid', 'false');
    await expect(csvLink).toBeVisible();
    await context.close();
  });

  test('a person without investments sees the empty chart with "Aucun investissement"', async ({
    browser,
    baseURL,
  }) => {
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Hugo', 'Petit');
    await setup.close();

    const { context, page } = await signedInContext(browser, baseURL!, who);
    await openPortfolio(page);
    await expect(page.getByTestId('allocation-empty')).toHaveText('Aucun investissement');
    await expect(page.getByRole('img', { name: /Répartition du portfolio/ })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Valeur totale' })).toContainText('$0.00');
    await expect(page.getByRole('group', { name: 'ROI' })).toContainText('0,00 %');
    await expect(page.getByText("Vous n'avez aucun investissement actif.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Investir maintenant' })).toHaveAttribute('href', '/invest');
    await expect(page.getByText('Aucune opération pour ces critères.')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('allocation-empty')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await context.close();
  });

  test('a long list shows the newest 50 investments, then more on demand', async ({ browser, baseURL }) => {
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Ines', 'Roux');
    await fundViaDeposit(baseURL!, setup.request, '100.00');
    for (let k = 0; k < 60; k++) await invest(setup.request, k % 2 ? 'stocks' : 'trading', '1.00');
    await setup.close();

    const { context, page } = await signedInContext(browser, baseURL!, who);
    await openPortfolio(page);
    // The stats count every investment, the table starts with the newest 50.
    await expect(page.getByRole('group', { name: 'Investi', exact: true })).toContainText('$60.00');
    const rows = page.getByTestId('investments-table').locator('tbody tr');
    await expect(rows).toHaveCount(50);
    await expect(page.getByTestId('investments-shown')).toHaveText('50 sur 60 investissements actifs affichés');
    await page.getByRole('button', { name: "Afficher plus d'investissements" }).click();
    await expect(rows).toHaveCount(60);
    await expect(page.getByTestId('investments-shown')).toBeHidden();
    await expect(page.getByRole('button', { name: "Afficher plus d'investissements" })).toBeHidden();
    await context.close();
  });
});
