import { expect, test, type Browser } from '@playwright/test';
import { ADMIN, ADMIN_B, fundViaDeposit, pngProof, requestCard, signedInContext, signUpViaApi } from './support/money';
import { shotsFrEn } from './support/shots';

/** Screenshots for review (not committed): FR and EN, desktop and phone. */
const shots = (
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string },
  path: string,
  name: string,
  ready: string[],
) =>
  shotsFrEn(browser, baseURL, who, name, async (page, lang) => {
    await page.goto(path);
    await expect(page.getByText(ready[lang === 'fr' ? 0 : 1]!).first()).toBeVisible();
  });

test.describe('dual control and frozen accounts', () => {
  test('operator A gives the first approval of a $5,000 deposit, cannot give the second, operator B does; the balance updates live', async ({
    browser,
    baseURL,
  }) => {
    // Four signed-in contexts and eight screenshots: about 40 s on a quiet machine, over the default
    // 60 s in CI while the container images build beside it. A bound on waiting, not an assertion.
    test.setTimeout(150_000);
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Lucie', 'Moreau');
    const filed = await setup.request.post('/api/deposits', {
      multipart: { amount: '5000.00', proof: { name: 'proof.png', mimeType: 'image/png', buffer: await pngProof() } },
    });
    expect(filed.status()).toBe(201);
    const depositId = (await filed.json()).id as string;
    await setup.close();

    const user = await signedInContext(browser, baseURL!, who);
    await user.page.goto('/cashier');
    const available = user.page.getByRole('group', { name: 'Solde disponible' });
    await expect(available).toContainText('$0.00');

    const a = await signedInContext(browser, baseURL!, ADMIN);
    await a.page.goto('/admin');
    const cardA = requestCard(a.page, 'Lucie Moreau');
    await expect(cardA).toContainText('$5,000.00');
    await expect(cardA).toContainText('Montant soumis à double validation');
    await cardA.getByRole('button', { name: 'Approuver' }).click();
    await expect(a.page.getByText('1ʳᵉ validation enregistrée : un autre opérateur doit confirmer')).toBeVisible();
    await expect(cardA.getByTestId('request-stage')).toHaveText("En attente d'une 2ᵉ validation");
    await expect(cardA).toContainText('1ʳᵉ validation');
    // A cannot give the second approval: no button, and the server refuses it too.
    await expect(cardA).toContainText("Vous avez donné la 1ʳᵉ validation : la 2ᵉ doit venir d'un autre opérateur.");
    await expect(cardA.getByRole('button', { name: /Approuver|2ᵉ validation/ })).toHaveCount(0);
    await expect(cardA.getByRole('button', { name: 'Rejeter' })).toBeVisible();
    const twice = await a.context.request.post(`/api/admin/deposits/${depositId}/approve`, {
      headers: { origin: baseURL! },
    });
    expect(twice.status()).toBe(409);
    expect((await twice.json()).error.code).toBe('second_approval_same_operator');
    await expect(available).toContainText('$0.00');

    await shots(browser, baseURL!, ADMIN_B, '/admin', 'queue-second-approval', [
      "En attente d'une 2ᵉ validation",
      'Awaiting a 2nd approval',
    ]);

    const b = await signedInContext(browser, baseURL!, ADMIN_B);
    await b.page.goto('/admin');
    await b.page.getByLabel('Statut').selectOption({ label: 'En attente de ma validation' });
    const cardB = requestCard(b.page, 'Lucie Moreau');
    await expect(cardB.getByTestId('request-stage')).toHaveText("En attente d'une 2ᵉ validation");
    // The second approver reads who gave the first: each operator has their own name, and their address.
    await expect(cardB).toContainText('Claire Martin (admin@atlas.test)');
    await cardB.getByRole('button', { name: 'Donner la 2ᵉ validation' }).click();
    await expect(b.page.getByText('Dépôt approuvé !')).toBeVisible();

    // No reload on the investor's side.
    await expect(available).toContainText('$5,000.00', { timeout: 10_000 });
    await user.context.close();
    await a.context.close();
    await b.context.close();
  });

  test("an operator's own request has no decision buttons", async ({ browser, baseURL }) => {
    const a = await signedInContext(browser, baseURL!, ADMIN);
    const filed = await a.context.request.post('/api/deposits', {
      multipart: { amount: '42.00', proof: { name: 'proof.png', mimeType: 'image/png', buffer: await pngProof() } },
    });
    expect(filed.status()).toBe(201);
    await a.page.goto('/admin');
    const own = a.page
      .getByTestId('request-card')
      .filter({ hasText: '$42.00' })
      .filter({ hasText: 'Votre propre demande' });
    await expect(own).toBeVisible();
    await expect(own.getByRole('button', { name: /Approuver|Rejeter|validation/ })).toHaveCount(0);
    // Operator B sees the same request with its buttons.
    const b = await signedInContext(browser, baseURL!, ADMIN_B);
    await b.page.goto('/admin');
    const forB = b.page.getByTestId('request-card').filter({ hasText: '$42.00' }).filter({ hasText: ADMIN.email });
    await expect(forB.getByRole('button', { name: 'Approuver' })).toBeVisible();
    await forB.getByRole('button', { name: 'Rejeter' }).click();
    await b.page.getByLabel('Motif du rejet').selectOption({ label: 'Montant différent de la preuve' });
    await b.page.getByRole('button', { name: 'Confirmer le rejet' }).click();
    await expect(b.page.getByText('Dépôt rejeté')).toBeVisible();
    await a.context.close();
    await b.context.close();
  });

  test('a frozen user sees the banner and a refused transfer', async ({ browser, baseURL }) => {
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Marc', 'Lefevre');
    await fundViaDeposit(baseURL!, setup.request, '200.00');
    const payee = await signUpViaApi((await browser.newContext({ baseURL })).request, 'Emma', 'Roux');
    await setup.close();

    const user = await signedInContext(browser, baseURL!, who);
    await user.page.goto('/internal-transfer');
    await expect(user.page.getByTestId('frozen-banner')).toHaveCount(0);

    const a = await signedInContext(browser, baseURL!, ADMIN);
    await a.page.goto('/admin');
    await a.page.getByLabel('UID').fill(who.uid);
    await a.page.getByLabel('Motif').fill('Vérification d’identité');
    await a.page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(a.page.getByTestId('freeze-state')).toContainText('Marc Lefevre');
    await a.page.getByRole('button', { name: 'Geler le compte' }).click();
    await expect(a.page.getByTestId('freeze-state')).toContainText('Gelé depuis le');

    // The banner comes without a reload (the freeze is pushed to the user's screens).
    const banner = user.page.getByTestId('frozen-banner');
    await expect(banner).toContainText('Votre compte est gelé', { timeout: 10_000 });
    await expect(banner).toContainText(
      'Les transferts, les demandes de retrait et les nouveaux investissements sont suspendus.',
    );
    await expect(banner.getByRole('link', { name: 'support@atlas-invest.local' })).toHaveAttribute(
      'href',
      'mailto:support@atlas-invest.local',
    );

    await user.page.getByLabel('UID du destinataire').fill(payee.uid);
    await user.page.getByRole('button', { name: 'Vérifier le destinataire' }).click();
    await user.page.getByLabel('Montant (USD)').fill('10.00');
    await user.page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(
      user.page.getByText(
        /Votre compte est gelé\s: les transferts, retraits et nouveaux investissements sont suspendus/,
      ),
    ).toBeVisible();
    expect((await (await user.context.request.get('/api/me')).json()).balance).toBe('200.00');

    await shots(browser, baseURL!, who, '/cashier', 'frozen-banner', [
      'Votre compte est gelé',
      'Your account is frozen',
    ]);

    await a.page.getByLabel('Motif').fill('Identité vérifiée');
    await a.page.getByRole('button', { name: 'Dégeler le compte' }).click();
    await expect(banner).toHaveCount(0, { timeout: 10_000 });
    await user.context.close();
    await a.context.close();
  });
});
