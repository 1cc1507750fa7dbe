import { expect, test } from '@playwright/test';
import { ADMIN, fundViaDeposit, requestCard, signedInContext, signUpViaApi } from './support/money';

/** A valid BTC address, and the id of the transaction the operator paid it with. */
const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const TXID = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';

test("an operator records a withdrawal's payout transaction and the investor sees it on /withdraw (French)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const setup = await browser.newContext({ baseURL });
  const who = await signUpViaApi(setup.request, 'Lea', 'Fontaine');
  await fundViaDeposit(baseURL!, setup.request, '500.00');
  const filed = await setup.request.post('/api/withdrawals', {
    data: { amount: '120.00', crypto: 'BTC', address: BTC },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  await setup.close();

  const admin = await signedInContext(browser, baseURL!, ADMIN);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Demandes de retrait' }).click();
  const card = requestCard(admin.page, 'Lea Fontaine');
  await expect(card).toContainText('$120.00');
  // No provider checks BTC here: the id is optional and recorded as not verified.
  const field = card.getByLabel('Identifiant de la transaction de paiement (BTC, facultatif)');
  await expect(field).toBeVisible();
  // A wrong shape is refused on the card, in the operator's language, and nothing is sent.
  await field.fill('pas-une-transaction');
  await card.getByRole('button', { name: 'Approuver' }).click();
  await expect(card.getByText("Ce n'est pas un identifiant de transaction BTC.")).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // Keyboard only: the field, then the button.
  await field.fill(TXID);
  await field.press('Tab');
  await expect(card.getByRole('button', { name: 'Approuver' })).toBeFocused();
  await admin.page.keyboard.press('Enter');
  await expect(
    admin.page
      .getByRole('status')
      .getByText(/Retrait approuvé/)
      .first(),
  ).toBeVisible();
  await admin.context.close();

  const { context, page } = await signedInContext(browser, baseURL!, who);
  await page.goto('/withdraw');
  const paid = page.getByTestId('paid-withdrawals');
  await expect(page.getByRole('heading', { name: 'Retraits payés' })).toBeVisible();
  await expect(paid).toContainText('$120.00');
  await expect(paid).toContainText('Transaction\u00a0:');
  const link = paid.getByRole('link', { name: `Voir la transaction ${TXID} dans l'explorateur (nouvel onglet)` });
  await expect(link).toHaveAttribute('href', `https://mempool.space/tx/${TXID}`);
  await expect(paid.getByTestId('payout-state')).toHaveText(
    "Non vérifiée par la plateforme (identifiant donné par l'opérateur)",
  );
  await page.screenshot({ path: '.tmp/shots/payout-withdraw-fr-1280.png', fullPage: true });
  await context.close();
});
