import { expect, test } from '@playwright/test';
import { smtpPort } from '../../playwright.config';
import { ADMIN, fundViaDeposit, pngProof, requestCard, signedInContext, signUpViaApi } from './support/money';
import { mailsTo, startSmtp } from './support/smtp';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

test.describe('cashier and operator review', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  test.beforeAll(async () => {
    smtp = await startSmtp(smtpPort);
  });
  test.afterAll(async () => smtp.close());

  test('a deposit with proof appears live in the queue, is approved, credits the user live and e-mails them; a rejected withdrawal comes back', async ({
    browser,
    baseURL,
  }) => {
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Sofia', 'Rossi');
    await setup.close();

    const admin = await signedInContext(browser, baseURL!, ADMIN);
    await admin.page.goto('/admin');
    await expect(admin.page.getByRole('tab', { name: 'Demandes de dépôt' })).toHaveAttribute('aria-selected', 'true');
    // A tab names the panel it controls only when that panel exists.
    const panelId = await admin.page.getByRole('tabpanel').getAttribute('id');
    await expect(admin.page.getByRole('tab', { name: 'Demandes de dépôt' })).toHaveAttribute('aria-controls', panelId!);
    await expect(admin.page.getByRole('tab', { name: 'Demandes de retrait' })).not.toHaveAttribute('aria-controls');

    const user = await signedInContext(browser, baseURL!, who);
    await user.page.goto('/deposit');
    await expect(user.page.getByRole('heading', { name: 'Effectuer un Dépôt' })).toBeVisible();
    // The journeys' server has a BTC account key: the person's own address, not the demo samples.
    await expect(user.page.getByText(/Cette adresse BTC est à vous seul/)).toBeVisible();
    await expect(user.page.getByText(/EXEMPLES DE DÉMONSTRATION/)).toHaveCount(0);
    await user.page.getByRole('button', { name: 'Soumettre le dépôt' }).click();
    await expect(user.page.getByText('Veuillez entrer un montant valide')).toBeVisible();
    await user.page.getByLabel('Montant envoyé (USD)').fill('250,00');
    await user.page.getByRole('button', { name: 'Soumettre le dépôt' }).click();
    await expect(user.page.getByText('Veuillez sélectionner une preuve de dépôt')).toBeVisible();
    await user.page
      .getByLabel("Capture d'écran de la preuve de paiement")
      .setInputFiles({ name: 'preuve.png', mimeType: 'image/png', buffer: await pngProof() });
    await expect(user.page.getByRole('img', { name: 'Aperçu de la preuve sélectionnée' })).toBeVisible();
    await user.page.getByRole('button', { name: 'Soumettre le dépôt' }).click();
    await expect(
      user.page
        .getByText('Demande de dépôt soumise avec succès ! Un administrateur va vérifier votre preuve sous peu.')
        .first(),
    ).toBeVisible();
    await user.page.waitForURL('**/cashier', { timeout: 5_000 });
    await expect(user.page.getByText('En attente').first()).toBeVisible();

    // The operator's queue shows it without a reload.
    const card = requestCard(admin.page, 'Sofia Rossi');
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card).toContainText('$250.00');
    await expect(card).toContainText(who.uid);
    await card.getByRole('button', { name: 'Voir la preuve' }).click();
    const proof = admin.page.getByRole('dialog').getByRole('img', { name: /Preuve de dépôt de Sofia Rossi/ });
    await expect(proof).toBeVisible();
    expect(await proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();
    await card.getByRole('button', { name: 'Approuver' }).click();
    await expect(admin.page.getByText('Dépôt approuvé !')).toBeVisible();

    // The user's balance moves without a reload, and the e-mail reaches the SMTP peer.
    await expect(user.page.getByRole('group', { name: 'Solde disponible' })).toContainText('$250.00', {
      timeout: 10_000,
    });
    await expect.poll(() => mailsTo(smtp.mails, who.email, '$250.00').length, { timeout: 20_000 }).toBe(1);

    // A withdrawal is held, then rejected with a reason: the funds come back.
    await user.page.goto('/withdraw');
    await user.page.getByLabel('Montant (USD)').fill('100,00');
    await user.page.getByLabel('Cryptomonnaie').selectOption('BTC');
    await user.page.getByLabel('Adresse de retrait').fill(BTC.slice(0, -1) + 'p');
    await user.page.getByRole('button', { name: 'Demander le retrait' }).click();
    await expect(
      user.page.getByText("Cette adresse n'est pas une adresse BTC valide. Vérifiez-la caractère par caractère."),
    ).toBeVisible();
    await user.page.getByLabel('Adresse de retrait').fill(BTC);
    await user.page.getByRole('button', { name: 'Demander le retrait' }).click();
    await expect(user.page.getByText('Demande de retrait soumise avec succès ! Redirection...')).toBeVisible();
    await user.page.waitForURL('**/cashier', { timeout: 5_000 });
    await expect(user.page.getByRole('group', { name: 'Solde disponible' })).toContainText('$150.00');
    await expect(user.page.getByRole('group', { name: 'Retraits en attente' })).toContainText('$100.00');

    await admin.page.getByRole('tab', { name: 'Demandes de retrait' }).click();
    const wcard = requestCard(admin.page, 'Sofia Rossi');
    await expect(wcard).toContainText(BTC);
    await wcard.getByRole('button', { name: 'Rejeter' }).click();
    await admin.page.getByLabel('Motif du rejet').selectOption({ label: 'Adresse de retrait invalide' });
    await admin.page.getByLabel('Note interne (facultative, jamais montrée au client)').fill('Adresse non vérifiée');
    await admin.page.getByRole('button', { name: 'Confirmer le rejet' }).click();
    await expect(admin.page.getByText('Retrait rejeté')).toBeVisible();

    await expect(user.page.getByRole('group', { name: 'Solde disponible' })).toContainText('$250.00', {
      timeout: 10_000,
    });
    await expect(user.page.getByTestId('rejection')).toContainText(`L’adresse ${BTC} ne peut pas recevoir de BTC.`);
    await expect(user.page.getByText('Adresse non vérifiée')).toHaveCount(0);
    await user.context.close();
    await admin.context.close();
  });

  test('copying a deposit address says so, and the toast stays while the pointer is on it', async ({
    browser,
    baseURL,
  }) => {
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Lina', 'Roux');
    await setup.close();
    const { context, page } = await signedInContext(browser, baseURL!, who);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await page.goto('/deposit');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: "Copier l'adresse BTC" }) });
    const address = (await row.locator('code').textContent())!;
    await row.getByRole('button', { name: "Copier l'adresse BTC" }).click();
    const toast = page.getByRole('status').getByText('Adresse BTC copiée !');
    await expect(toast).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    // Under the pointer, it outlives its 4 seconds; let go, it leaves.
    await toast.hover();
    await page.clock.runFor(6_000);
    await expect(toast).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.runFor(2_000);
    await expect(toast).toBeHidden();
    await context.close();
  });

  test('withdrawals are locked for 30 days after the first investment', async ({ browser, baseURL }) => {
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Hugo', 'Petit');
    await fundViaDeposit(baseURL!, setup.request, '80.00');
    expect((await setup.request.post('/api/investments', { data: { area: 'stocks', amount: '10' } })).status()).toBe(
      201,
    );
    await setup.close();
    const { context, page } = await signedInContext(browser, baseURL!, who);
    await page.goto('/withdraw');
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Les retraits sont bloqués durant les 30 premiers jours. Il reste 30 jours.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bloqué (30j restants)' })).toBeDisabled();
    await expect(page.getByLabel('Montant (USD)')).toBeDisabled();
    await context.close();
  });
});
