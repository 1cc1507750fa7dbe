import { expect, test } from '@playwright/test';
import { chainPeerPort } from '../../playwright.config';
import { readCatalogue } from './support/catalogue';
import { ADMIN, signedInContext, signUpViaApi } from './support/money';

const shots = '.tmp/shots';
const peer = `http://127.0.0.1:${chainPeerPort}`;

/**
 * Issue 45: an investor opens /deposit, sees their own address, a payment arrives on the journeys'
 * chain (a real signed transaction, served Esplora-style), the page follows it live — seen, one
 * confirmation of two, confirmed — and the balance is credited by the policy at the rate of
 * confirmation (decision 059); the operators see the evidence on the deposit's card.
 */
test('a payment to my own address is followed live on /deposit and credited', async ({ browser, baseURL }) => {
  test.slow();
  const setup = await browser.newContext({ baseURL });
  const who = await signUpViaApi(setup.request, 'Lucie', 'Bernard');
  await setup.request.post('/api/test/btc-price', { data: { amount: '65000.00' } });
  await setup.close();

  const { context, page } = await signedInContext(browser, baseURL!, who);
  // /cashier, open in a second tab, follows the same payment live.
  const cashier = await context.newPage();
  await cashier.goto('/cashier');
  await page.goto('/deposit');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: "Copier l'adresse BTC" }) });
  const address = (await row.locator('code').textContent())!;
  expect(address).toMatch(/^bc1q/);
  const payments = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Vos paiements sur la chaîne' }) })
    .last();
  await expect(payments.getByText('En attente de votre paiement (BTC)', { exact: false })).toBeVisible();

  // 0.00125 BTC: $81.25 at $65,000, under the policy's $500.
  const paid = await fetch(`${peer}/control/pay?address=${address}&sats=125000`, { method: 'POST' });
  expect(paid.status).toBe(200);
  // No reload from here on: the page follows the chain by itself.
  await expect(payments.getByText('Vu sur le réseau, pas encore dans un bloc')).toBeVisible({ timeout: 15_000 });
  await expect(payments.getByText(/^0[.,]00125 BTC$/)).toBeVisible();
  const onCashier = cashier
    .locator('section, div')
    .filter({ has: cashier.getByRole('heading', { name: 'Vos paiements sur la chaîne' }) })
    .last();
  await expect(onCashier.getByText('Vu sur le réseau, pas encore dans un bloc')).toBeVisible({ timeout: 15_000 });

  await fetch(`${peer}/control/mine`, { method: 'POST' });
  await expect(payments.getByText('1 confirmation sur 2')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${shots}/chain-deposit-confirming-fr-1280.png`, fullPage: true });

  await fetch(`${peer}/control/mine`, { method: 'POST' });
  const credited = payments.getByText(/^Crédité\u00a0: /);
  await expect(credited).toBeVisible({ timeout: 20_000 });
  await expect(credited).toContainText(/au cours de .+ par BTC/);
  await expect(payments.getByText('Confirmé', { exact: true })).toBeVisible();
  const amount = /^Crédité\u00a0: (.+?) au cours/.exec((await credited.textContent())!)![1]!;
  await page.screenshot({ path: `${shots}/chain-deposit-credited-fr-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/chain-deposit-credited-fr-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The balance holds exactly the dollars the page announced.
  await page.goto('/cashier');
  await expect(page.getByText(amount).first()).toBeVisible();
  // The second tab on /cashier reached the same state and outcome without a reload.
  await expect(onCashier.getByText('Confirmé', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(onCashier.getByText(/^Crédité\u00a0: /)).toContainText(amount);
  await cashier.close();

  // "Où est mon dépôt ?": the assistant answers with the payment's state and outcome.
  await page.getByRole('button', { name: readCatalogue('fr', 'common').assistant.open }).click();
  const assistant = readCatalogue('fr', 'assistant');
  const input = page.getByRole('textbox', { name: assistant.inputLabel });
  await input.fill('où est mon dépôt ?');
  await input.press('Enter');
  const answer = page.getByTestId('assistant-panel').locator('[data-fact="deposit.chain.credited"]');
  await expect(answer).toContainText('0,00125 BTC');
  await expect(answer).toContainText(amount);

  // The operators see the deposit with the chain's evidence and who decided it.
  const admin = await signedInContext(browser, baseURL!, ADMIN);
  await admin.page.goto('/admin');
  await admin.page.getByLabel('Statut').first().selectOption('approved');
  const card = admin.page
    .getByRole('listitem')
    .filter({ hasText: 'Lucie Bernard' })
    .filter({ hasText: 'Paiement sur la chaîne' })
    .first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('0.00125 BTC');
  await expect(card).toContainText('Pas de capture\u00a0: la preuve est la transaction');
  await expect(card).toContainText(/Confirmé \(\d+ confirmations? sur 2\), bloc n° \d+/);
  await admin.page.screenshot({ path: `${shots}/chain-deposit-card-fr-1280.png`, fullPage: true });
});
