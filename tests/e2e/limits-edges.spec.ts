import { expect, test, type Browser } from '@playwright/test';
import { ADMIN, fundViaDeposit, pngProof, requestCard, signedInContext, signUpViaApi } from './support/money';
import { shotsFrEn } from './support/shots';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** Screenshots for review (not committed): FR and EN, desktop and phone, once `ready` shows. */
const shots = (
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string },
  path: string,
  name: string,
  ready: (lang: 'fr' | 'en') => string,
) =>
  shotsFrEn(browser, baseURL, who, `limits-edges-${name}`, async (page, lang) => {
    await page.goto(path);
    await expect(page.getByText(ready(lang)).first()).toBeVisible();
  });

/** The edges of identity and limits (issue 46, items 2-6), in French. */
test.describe('identity and limits edges', () => {
  test('nothing left to withdraw: /withdraw says why, offers no form, and links to the step that unlocks it', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Nina', 'Laurent');
    // The journeys' limit before an identity is $100,000,000.00 out over 30 days (playwright.config.ts): use it all.
    await fundViaDeposit(baseURL!, setup.request, '100000400.00');
    const out = await setup.request.post('/api/withdrawals', {
      data: { amount: '100000000.00', crypto: 'BTC', address: BTC },
    });
    expect(out.status(), await out.text()).toBe(201);
    const ninaId = ((await (await setup.request.get('/api/me')).json()) as { id: string }).id;
    await setup.close();

    const user = await signedInContext(browser, baseURL!, who);
    await user.page.goto('/withdraw');
    const blocked = user.page.getByTestId('withdraw-blocked');
    await expect(blocked.getByRole('heading', { name: 'Aucun retrait n’est possible pour l’instant' })).toBeVisible();
    await expect(blocked).toContainText(
      'Vous avez retiré $100,000,000.00 sur 30 jours\u00a0: c’est toute votre limite de $100,000,000.00.',
    );
    await expect(blocked).toContainText('Une partie de cette limite se libère le');
    // No form to fill: neither the amount nor the button.
    await expect(user.page.getByLabel('Montant (USD)')).toHaveCount(0);
    await expect(user.page.getByRole('button', { name: 'Demander le retrait' })).toHaveCount(0);
    await expect(user.page.getByTestId('withdraw-limit')).toHaveCount(0);
    await expect(user.page.getByText('$400.00').first()).toBeVisible();
    await shots(browser, baseURL!, who, '/withdraw', 'withdraw-blocked', (lang) =>
      lang === 'fr' ? 'Aucun retrait n’est possible pour l’instant' : 'No withdrawal is possible yet',
    );
    // The one step that unlocks it: verifying the identity, on the profile.
    await blocked.getByRole('link', { name: 'Vérifier mon identité pour retirer' }).click();
    await expect(user.page).toHaveURL(/\/profile#identity$/);
    await expect(user.page.getByTestId('identity-card')).toBeVisible();
    await user.context.close();

    // Her back-office page gives the operator what to judge by (item 6): identity, tier, limits used.
    const a = await signedInContext(browser, baseURL!, ADMIN);
    await a.page.goto(`/admin/users?id=${ninaId}`);
    await expect(a.page.getByTestId('user-identity')).toHaveText('Non vérifiée');
    await expect(a.page.getByTestId('user-tier')).toHaveText('E-mail vérifié');
    await expect(a.page.getByText('$100,000,000.00 utilisés sur $100,000,000.00')).toBeVisible();
    await a.context.close();
    await shots(browser, baseURL!, ADMIN, `/admin/users?id=${ninaId}`, 'user-standing', (lang) =>
      lang === 'fr' ? '$100,000,000.00 utilisés sur $100,000,000.00' : '$100,000,000.00 used of $100,000,000.00',
    );
  });
});

test.describe('identity and limits edges: operators', () => {
  test("an operator approving a deposit the limit no longer allows reads an operator's text: whose limit, the figures, what to do", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Paul', 'Girard');
    // The journeys' deposit limit before an identity: $1,000,000,000.00 over 30 days. Both fit when filed.
    const pending = await setup.request.post('/api/deposits', {
      multipart: {
        amount: '300000000.00',
        proof: { name: 'proof.png', mimeType: 'image/png', buffer: await pngProof() },
      },
    });
    expect(pending.status(), await pending.text()).toBe(201);
    await fundViaDeposit(baseURL!, setup.request, '800000000.00');
    await setup.close();

    const a = await signedInContext(browser, baseURL!, ADMIN);
    await a.page.goto('/admin');
    const card = requestCard(a.page, 'Paul Girard');
    await expect(card).toContainText('$300,000,000.00');
    await card.getByRole('button', { name: 'Approuver' }).click();
    const toast = a.page.getByText(/Ce dépôt de \$300,000,000\.00 dépasserait/);
    await expect(toast).toHaveText(
      "Erreur lors de l'approbation\u00a0: Ce dépôt de $300,000,000.00 dépasserait la limite de dépôt de Paul Girard " +
        '($1,000,000,000.00 sur 30 jours, niveau «\u00a0e-mail vérifié\u00a0»)\u00a0; il lui reste $200,000,000.00. ' +
        'Laissez la demande en attente jusqu’à ce que sa limite le permette, ou rejetez-la. ' +
        'La vérification de son identité relèverait sa limite.',
    );
    await expect(a.page.getByText('Vérifiez votre identité sur votre profil')).toHaveCount(0);
    // Nothing moved: the request still waits in the queue, and the operator reads why (item 3).
    await expect(card.getByRole('button', { name: 'Approuver' })).toBeEnabled();
    await expect(card).toContainText(
      'Dépasse la limite de dépôt de la personne\u00a0: il lui reste $200,000,000.00 sur $1,000,000,000.00 par 30 jours.',
    );
    await a.context.close();

    // The investor sees on /cashier, and on the deposit's line, that it waits because of the limit.
    const user = await signedInContext(browser, baseURL!, who);
    await user.page.goto('/cashier');
    const notice = user.page.getByTestId('held-deposits');
    await expect(notice).toContainText(
      'Votre dépôt de $300,000,000.00 attend\u00a0: le valider maintenant dépasserait votre limite de dépôt.',
    );
    await expect(notice).toContainText(
      'En attente à cause de votre limite de dépôt\u00a0: il vous reste $200,000,000.00 sur $1,000,000,000.00 par 30 jours.',
    );
    await expect(notice).toContainText('Une partie de la limite se libère le');
    await expect(user.page.getByTestId('held-by-limit')).toHaveCount(2);
    await shots(browser, baseURL!, who, '/cashier', 'deposit-held', (lang) =>
      lang === 'fr' ? 'Votre dépôt de $300,000,000.00 attend' : 'Your $300,000,000.00 deposit is waiting',
    );
    await notice.getByRole('link', { name: 'Vérifier mon identité pour relever ma limite' }).click();
    await expect(user.page).toHaveURL(/\/profile#identity$/);
    await user.context.close();
    await shotsFrEn(browser, baseURL!, ADMIN, 'limits-edges-operator-refusal', async (page, lang) => {
      await page.goto('/admin');
      const mine = requestCard(page, 'Paul Girard');
      await mine.getByRole('button', { name: lang === 'fr' ? 'Approuver' : 'Approve' }).click();
      await expect(
        page.getByText(
          lang === 'fr' ? /dépasserait la limite de dépôt de Paul Girard/ : /would exceed Paul Girard's deposit limit/,
        ),
      ).toBeVisible();
    });
  });
});
