import { expect, test } from '@playwright/test';
import { fundViaDeposit, signedInContext, signUpViaApi } from './support/money';

test.describe('money journeys', () => {
  test('a funded user invests in each area and lands on /portfolio', async ({ browser, baseURL }) => {
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Claire', 'Moreau');
    await fundViaDeposit(baseURL!, setup.request, '1000.00');
    await setup.close();

    const { context, page } = await signedInContext(browser, baseURL!, who);
    const areas = [
      ['Crypto', '100'],
      // Typed the French way: decimal comma, a space between thousands.
      ['Trading', '150,50'],
      ['Actions', '200'],
      ['Immobilier', '49,50'],
    ] as const;
    for (const [area, amount] of areas) {
      await page.goto('/invest');
      await page.locator('label').filter({ hasText: area }).first().click();
      const confirm = page.getByRole('button', { name: "Confirmer l'investissement" });
      await expect(confirm).toBeDisabled();
      await page.getByLabel('Montant à investir (USD)').fill(amount);
      await expect(page.getByTestId('amount-preview')).toHaveText(
        `Montant envoyé : $${amount.replace(',', '.')}${amount.includes(',') ? '' : '.00'}`,
      );
      await page.getByRole('button', { name: 'Calculer' }).click();
      await expect(page.getByText('Projection hypothétique')).toBeVisible();
      await expect(page.getByText(/pas une promesse/)).toBeVisible();
      await confirm.click();
      await expect(page.getByText('Investissement réussi ! Redirection vers votre portfolio...')).toBeVisible();
      await page.waitForURL('**/portfolio', { timeout: 5_000 });
    }
    await page.goto('/invest');
    await expect(page.getByText('$500.00').first()).toBeVisible();
    await page.getByLabel('Montant à investir (USD)').fill('500,01');
    await expect(page.getByRole('button', { name: "Confirmer l'investissement" })).toBeDisabled();
    // The reason is written beside the greyed-out button (spec §5), and read with it.
    await expect(page.getByTestId('confirm-reason')).toHaveText('Solde insuffisant pour cet investissement');
    await expect(page.getByRole('button', { name: "Confirmer l'investissement" })).toHaveAccessibleDescription(
      'Solde insuffisant pour cet investissement',
    );
    await page.getByLabel('Montant à investir (USD)').fill('1,000');
    await expect(page.getByTestId('confirm-reason')).toHaveText(/Montant ambigu/);
    await page.getByLabel('Montant à investir (USD)').fill('');
    await expect(page.getByTestId('confirm-reason')).toHaveText('Saisissez un montant pour pouvoir confirmer');
    await context.close();
  });

  test('a second user receives a transfer and sees the new balance without reloading', async ({ browser, baseURL }) => {
    const setup = await browser.newContext({ baseURL });
    const sender = await signUpViaApi(setup.request, 'Paul', 'Girard');
    await fundViaDeposit(baseURL!, setup.request, '300.00');
    const recipientSetup = await browser.newContext({ baseURL });
    const recipient = await signUpViaApi(recipientSetup.request, 'Nadia', 'Benali');
    await setup.close();
    await recipientSetup.close();

    const r = await signedInContext(browser, baseURL!, recipient);
    await r.page.goto('/cashier');
    const available = r.page.getByRole('group', { name: 'Solde disponible' });
    await expect(available).toContainText('$0.00');

    const s = await signedInContext(browser, baseURL!, sender);
    await s.page.goto('/internal-transfer');
    const uid = s.page.getByLabel('UID du destinataire');
    const amount = s.page.getByLabel('Montant (USD)');
    // A refusal names its field: marked invalid, described by the message, and given the focus.
    await uid.fill('ATUNOBODY'); // no UID has letters: nobody can have it
    await amount.fill('1');
    await s.page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(s.page.locator('main form').getByRole('alert')).toHaveText(
      "Utilisateur non trouvé. Vérifiez l'UID du destinataire.",
    );
    await expect(uid).toBeFocused();
    await expect(uid).toHaveAttribute('aria-invalid', 'true');
    await expect(uid).toHaveAccessibleDescription(/Utilisateur non trouvé/);
    await expect(amount).toHaveAttribute('aria-invalid', 'false');
    await uid.fill(recipient.uid);
    await expect(uid).toHaveAttribute('aria-invalid', 'false');
    await s.page.getByRole('button', { name: 'Vérifier le destinataire' }).click();
    // The masked name with the UID beside it.
    await expect(s.page.getByTestId('recipient-name')).toHaveText('Nadia B.');
    await expect(s.page.getByTestId('recipient-uid')).toHaveText(recipient.uid);
    await amount.fill('300,01');
    await s.page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(s.page.getByText('Solde insuffisant pour effectuer ce transfert')).toBeVisible();
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAccessibleDescription(/Solde insuffisant pour effectuer ce transfert/);
    await s.page.getByLabel('Montant (USD)').fill('125,50');
    await expect(s.page.getByTestId('amount-preview')).toHaveText('Montant envoyé : $125.50');
    await s.page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(s.page.getByText('Transfert effectué avec succès ! $125.50 envoyés à Nadia Benali.')).toBeVisible();
    await s.page.waitForURL('**/cashier', { timeout: 5_000 });

    // No reload on the recipient's side: the server-sent event makes the page refetch.
    await expect(available).toContainText('$125.50', { timeout: 10_000 });
    await expect(r.page.getByText(/Reçu de Paul Girard/)).toBeVisible();
    await r.context.close();
    await s.context.close();
  });
});
