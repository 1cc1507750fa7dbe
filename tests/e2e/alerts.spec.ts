import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations, openSettled } from './support/axe';
import { ADMIN, fundViaDeposit, signedInContext, signedInPage, signUpViaApi, type E2EUser } from './support/money';

/** Issue 26, item 6: monitoring alerts for operators, never shown to the investor (decision 035). */

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const shots = '.tmp/shots';
const NOTE = 'Retrait vers son propre portefeuille : relevé bancaire reçu, rien à signaler.';

/** This person's alert of a rule; the job runs every second in the journeys, so the list is reloaded until it shows. */
async function alertCardOf(page: Page, who: E2EUser, rule: string): Promise<Locator> {
  const card = page.locator(`[data-testid="alert-card"][data-user="${who.uid}"][data-rule="${rule}"]`);
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return card;
}

test('money in then out trips a rule; the operator sees the evidence, resolves it with a note, and it is in the audit trail', async ({
  browser,
  baseURL,
}) => {
  // Two people, money in and out, the monitoring job's tick, an operator's resolution, with
  // screenshots: 47 s of the usual 60 in CI, with CI's other work beside it.
  test.slow();
  mkdirSync(shots, { recursive: true });
  // Money in: a deposit approved by the operator.
  const setup = await browser.newContext({ baseURL });
  const who = await signUpViaApi(setup.request, 'Hugo', 'Lambert');
  await fundViaDeposit(baseURL!, setup.request, '300.00');
  await setup.close();

  // Money out, within 48 h, from the investor's own form.
  const investor = await signedInContext(browser, baseURL!, who);
  await investor.page.goto('/withdraw');
  await investor.page.getByLabel('Montant (USD)').fill('120,00');
  await investor.page.getByLabel('Cryptomonnaie').selectOption('BTC');
  await investor.page.getByLabel('Adresse de retrait').fill(BTC);
  await investor.page.getByRole('button', { name: 'Demander le retrait' }).click();
  await expect(investor.page.getByText('Demande de retrait soumise avec succès ! Redirection...')).toBeVisible();

  // The operator reaches the alerts from the back-office navigation, with the keyboard.
  const page = await signedInPage(browser, baseURL!, ADMIN);
  await openSettled(page, '/admin');
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Alertes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/alerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alertes de surveillance' })).toBeVisible();
  const card = await alertCardOf(page, who, 'out_after_in');

  // The evidence: the rule, its window, the person (a link to their page), the money in and the money out.
  await expect(card.getByRole('heading', { name: 'Retrait peu après une entrée d’argent' })).toBeVisible();
  await expect(card).toContainText('Un retrait demandé moins de 48 h après une entrée d’argent');
  await expect(card).toContainText('Ouverte');
  const evidence = card.getByRole('list', { name: 'Mouvements en cause' }).getByRole('listitem');
  await expect(evidence).toHaveCount(2);
  await expect(evidence.nth(0)).toContainText('Dépôt approuvé $300.00');
  await expect(evidence.nth(1)).toContainText('Retrait demandé $120.00');
  await expect(evidence.nth(1)).toContainText('demande ');
  const person = card.getByRole('link', { name: new RegExp(`Hugo Lambert · ${who.uid}`) });
  await expect(person).toHaveAttribute('href', /\/admin\/users\?id=/);
  await expectNoSeriousViolations(page);

  // Screenshots of the list with this alert open: FR and EN, desktop and phone.
  // Spanish at 320 px too (its words run longest): no width scrolls sideways.
  for (const [lang, width] of [
    ['fr', 1280],
    ['fr', 390],
    ['en', 1280],
    ['en', 390],
    ['es', 320],
  ] as const) {
    const shot = await signedInPage(browser, baseURL!, ADMIN, { width, lang });
    await openSettled(shot, '/admin/alerts', lang);
    await expect(shot.locator(`[data-testid="alert-card"][data-user="${who.uid}"]`)).toBeVisible();
    await shot.screenshot({ path: `${shots}/alerts-${lang}-${width}.png`, fullPage: true });
    const { scroll, client } = await shot.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, `/admin/alerts at ${width} px in ${lang}`).toBeLessThanOrEqual(client);
    await shot.context().close();
  }

  // Resolving needs a note; with the keyboard: the note, then the button.
  const alertId = await card.getAttribute('data-alert');
  const resolve = card.getByRole('button', { name: 'Résoudre l’alerte' });
  await resolve.click();
  await expect(card.getByText('Écrivez une note pour résoudre l’alerte.')).toBeVisible();
  await card.getByRole('textbox', { name: 'Note de résolution' }).fill(NOTE);
  await card.getByRole('textbox', { name: 'Note de résolution' }).press('Tab');
  await expect(resolve).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-alert="${alertId}"]`)).toHaveCount(0);

  await page.getByRole('button', { name: 'Résolues' }).click();
  const resolved = page.locator(`[data-alert="${alertId}"]`);
  await expect(resolved).toContainText('Résolue');
  await expect(resolved.getByTestId('alert-resolution')).toContainText(`: « ${NOTE} »`);
  await page.screenshot({ path: `${shots}/alerts-resolved-fr-1280.png`, fullPage: true });

  // Both steps are in the audit trail: raised by the monitoring job, resolved by the operator with the note.
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Journal d’audit' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await page.getByRole('textbox', { name: 'Cible' }).fill(alertId!);
  await page.getByRole('textbox', { name: 'Cible' }).press('Enter');
  const rows = page.getByRole('list', { name: 'Lignes du journal' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('alert.resolve');
  await expect(rows.nth(0)).toContainText('alerte de surveillance');
  await rows.nth(0).getByText('Avant / après').click();
  await expect(rows.nth(0)).toContainText(NOTE);
  await expect(rows.nth(1)).toContainText('alert.raise');
  await expect(rows.nth(1)).toContainText('monitoring');

  // The investor sees nothing of it.
  for (const path of ['/cashier', '/portfolio', '/profile']) {
    await investor.page.goto(path);
    await expect(investor.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(investor.page.getByText(/alerte|surveillance|Résolue/i)).toHaveCount(0);
  }
  await investor.context.close();
  await page.context().close();
});
