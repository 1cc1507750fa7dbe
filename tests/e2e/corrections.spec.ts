import { expect, test, type Browser } from '@playwright/test';
import { smtpPort } from '../../playwright.config';
import { expectNoSeriousViolations } from './support/axe';
import { ADMIN, pngProof, requestCard, signedInContext, signUpViaApi } from './support/money';
import { shotsFrEn } from './support/shots';
import { mailsTo, startSmtp } from './support/smtp';

/** The history with a rejection and its fix action, and the operator's versions, FR and EN at 1280 and 390 px. */
const shots = (browser: Browser, baseURL: string, who: { email: string; password: string }, name: string) =>
  shotsFrEn(browser, baseURL, who, `correction-${name}`, async (page) => {
    await page.goto(name === 'queue' ? '/admin' : '/cashier');
    await expect(page.getByTestId(name === 'queue' ? 'versions' : 'rejection').first()).toBeVisible();
  });

test.describe('a rejection says what to fix, and the fix is one step', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  test.beforeAll(async () => {
    smtp = await startSmtp(smtpPort);
  });
  test.afterAll(async () => smtp.close());

  test('a deposit rejected with "montant différent de la preuve" is corrected and approved', async ({
    browser,
    baseURL,
  }) => {
    // Eight screenshot contexts on top of the journey.
    test.setTimeout(180_000);
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Agathe', 'Garnier');
    const filed = await setup.request.post('/api/deposits', {
      multipart: { amount: '120.00', proof: { name: 'preuve.png', mimeType: 'image/png', buffer: await pngProof() } },
    });
    expect(filed.status()).toBe(201);
    await setup.close();

    // The operator picks the reason from the catalogue, with the keyboard, and adds an internal note.
    const admin = await signedInContext(browser, baseURL!, ADMIN);
    await admin.page.goto('/admin');
    const card = requestCard(admin.page, 'Agathe Garnier');
    await card.getByRole('button', { name: 'Rejeter' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirmer le rejet' }).click();
    await expect(dialog.getByText('Choisissez un motif')).toBeVisible();
    const reason = dialog.getByLabel('Motif du rejet');
    await reason.focus();
    await reason.selectOption({ label: 'Montant différent de la preuve' });
    await expect(reason).toHaveAccessibleDescription(/Le montant déclaré diffère de celui lu sur la preuve/);
    await expect(dialog.getByTestId('reject-preview')).toContainText('Le montant saisi ($120.00) ne correspond pas');
    await dialog.getByLabel('Note interne (facultative, jamais montrée au client)').fill('La preuve montre 102 USDT');
    await expectNoSeriousViolations(admin.page);
    await dialog.getByLabel('Note interne (facultative, jamais montrée au client)').press('Tab');
    await admin.page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Confirmer le rejet' })).toBeFocused();
    await admin.page.keyboard.press('Enter');
    await expect(admin.page.getByText('Dépôt rejeté')).toBeVisible();

    // The person reads what to fix (never the note), in the page and in the e-mail.
    const user = await signedInContext(browser, baseURL!, who);
    await user.page.goto('/cashier');
    const rejection = user.page.getByTestId('rejection');
    await expect(rejection).toContainText(
      'Le montant saisi ($120.00) ne correspond pas à celui de la preuve. Saisissez exactement le montant envoyé',
    );
    await expect(user.page.getByText('102 USDT')).toHaveCount(0);
    await expect
      .poll(() => mailsTo(smtp.mails, who.email, 'Le montant saisi ($120.00) ne correspond pas').length, {
        timeout: 20_000,
      })
      .toBe(1);
    expect(mailsTo(smtp.mails, who.email, '102 USDT')).toHaveLength(0);
    await shots(browser, baseURL!, who, 'history');

    // "Corriger" opens the form prefilled; a new proof and the right amount go as version 2.
    await rejection.getByRole('link', { name: /Corriger le dépôt de \$120\.00/ }).click();
    await user.page.waitForURL('**/deposit?correct=*');
    await expect(user.page.getByTestId('correction-notice')).toContainText('Vous corrigez votre dépôt de $120.00');
    await expect(user.page.getByTestId('correction-notice')).toContainText('version 2');
    const amount = user.page.getByLabel('Montant envoyé (USD)');
    await expect(amount).toHaveValue('120,00');
    await amount.fill('102,00');
    await user.page
      .getByLabel("Capture d'écran de la preuve de paiement")
      .setInputFiles({ name: 'preuve-2.png', mimeType: 'image/png', buffer: await pngProof() });
    await user.page.getByRole('button', { name: 'Soumettre le dépôt' }).click();
    await user.page.waitForURL('**/cashier', { timeout: 5_000 });
    await expect(user.page.getByTestId('correct-request')).toHaveCount(0);

    // The operator sees both versions and approves the second: the balance follows live.
    const corrected = requestCard(admin.page, 'Agathe Garnier').filter({ hasText: '$102.00' });
    const versions = corrected.getByTestId('versions');
    await expect(versions).toBeVisible({ timeout: 10_000 });
    await expect(versions.getByRole('listitem')).toHaveCount(2);
    await expect(versions.getByRole('listitem').first()).toContainText('v1 · $120.00 · Rejeté');
    await expect(versions.getByRole('listitem').first()).toContainText('Montant différent de la preuve');
    await expect(versions.getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'true');
    await shots(browser, baseURL!, ADMIN, 'queue');
    await corrected.getByRole('button', { name: 'Approuver' }).click();
    await expect(admin.page.getByText('Dépôt approuvé !')).toBeVisible();
    await expect(user.page.getByRole('group', { name: 'Solde disponible' })).toContainText('$102.00', {
      timeout: 10_000,
    });
    await user.context.close();
    await admin.context.close();
  });
});
