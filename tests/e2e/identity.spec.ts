import { expect, test, type Browser, type Page } from '@playwright/test';
import { smtpPort } from '../../playwright.config';
import { seededImage } from '../support/images';
import { expectNoSeriousViolations } from './support/axe';
import { ADMIN, signedInContext, signUpViaApi } from './support/money';
import { shotsFrEn } from './support/shots';
import { mailsTo, startSmtp } from './support/smtp';

/** A noise image nobody else sends (the data directory outlives a run: the seeds start from the clock). */
const base = (Date.now() % 1_000_000) * 10;
const photo = async (n: number) => ({
  name: `photo-${n}.png`,
  mimeType: 'image/png',
  buffer: await seededImage(base + n, 'png', 160, 100),
});

const reviewCard = (page: Page, fullName: string) =>
  page
    .getByTestId('identity-review')
    .filter({ has: page.getByTestId('requester').getByText(fullName, { exact: true }) });

/** The identity section (investor) or the review (operator), FR and EN, at 1280 and 390 px. */
const shots = (browser: Browser, baseURL: string, who: { email: string; password: string }, name: string) =>
  shotsFrEn(browser, baseURL, who, `identity-${name}`, async (page, lang) => {
    if (name === 'review') {
      await page.goto('/admin');
      await page
        .getByRole('tab', { name: lang === 'fr' ? 'Vérifications d’identité' : 'Identity verifications' })
        .click();
      await expect(page.getByTestId('identity-review').first()).toBeVisible();
      await expect(page.getByTestId('identity-review').first().getByRole('img').first()).toBeVisible();
    } else {
      await page.goto('/profile');
      await expect(page.getByTestId('identity-card')).toBeVisible();
      if (name === 'form') await page.getByTestId('identity-start').click();
    }
  });

test.describe('identity verification', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  test.beforeAll(async () => {
    smtp = await startSmtp(smtpPort);
  });
  test.afterAll(async () => smtp.close());

  test('an investor sends documents, is asked to fix an unreadable one, fixes it and is verified', async ({
    browser,
    baseURL,
  }) => {
    // Sixteen screenshot contexts on top of the journey.
    test.setTimeout(240_000);
    const setup = await browser.newContext({ baseURL });
    const who = await signUpViaApi(setup.request, 'Louise', 'Moreau');
    await setup.close();
    const fullName = 'Louise Moreau';

    // The investor fills the form from the profile, with the keyboard-reachable fields.
    const user = await signedInContext(browser, baseURL!, who);
    await user.page.goto('/profile');
    const card = user.page.getByTestId('identity-card');
    await expect(card.getByRole('heading', { name: 'Vérifier mon identité' })).toBeVisible();
    await expect(card.getByTestId('identity-status')).toHaveText('Non vérifiée');
    // Limits are on for the journeys (playwright.config.ts): $100,000,000.00 out over 30 days before the identity.
    const limits = user.page.getByTestId('limits-card');
    await expect(limits.getByTestId('limits-withdrawal-left')).toHaveText('$100,000,000.00');
    await expect(limits).toContainText('Une fois votre identité vérifiée : aucune limite sur 30 jours.');
    await shots(browser, baseURL!, who, 'none');
    await shots(browser, baseURL!, who, 'form');
    await card.getByRole('button', { name: 'Commencer la vérification' }).click();
    await card.getByLabel('Type de pièce').selectOption({ label: 'Carte d’identité' });
    await card.getByLabel('Numéro de la pièce').fill('X4RT BPFW4');
    // An expired document is refused before anything is sent.
    await card.getByLabel('Date d’expiration').fill('31/01/2020');
    await card.getByLabel('Recto de la pièce').setInputFiles(await photo(1));
    await card.getByLabel('Verso de la pièce').setInputFiles(await photo(2));
    await card.getByLabel('Selfie en tenant la pièce').setInputFiles(await photo(3));
    await card.getByLabel('Justificatif de domicile').setInputFiles(await photo(4));
    await card.getByRole('button', { name: 'Envoyer pour vérification' }).click();
    await expect(card.getByRole('alert')).toContainText('Cette pièce d’identité a expiré');
    await card.getByLabel('Date d’expiration').fill('30/06/2031');
    await expectNoSeriousViolations(user.page);
    await card.getByRole('button', { name: 'Envoyer pour vérification' }).click();
    await expect(card.getByTestId('identity-status')).toHaveText('En cours d’examen');

    // The operator sees the four documents side by side and rejects: "Document illisible".
    const admin = await signedInContext(browser, baseURL!, ADMIN);
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'Vérifications d’identité' }).click();
    const review = reviewCard(admin.page, fullName);
    await expect(review.getByRole('img')).toHaveCount(4);
    await expect(review).toContainText('X4RTBPFW4');
    await expect(review.getByTestId('same-image')).toHaveCount(0);
    await review.getByRole('button', { name: 'Rejeter' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Motif du rejet').selectOption({ label: 'Document illisible' });
    await expect(dialog.getByTestId('reject-preview')).toContainText(
      'Nous ne pouvons pas lire votre pièce d’identité.',
    );
    await dialog.getByLabel('Note interne (facultative, jamais montrée au client)').fill('Reflet sur le numéro');
    await expectNoSeriousViolations(admin.page);
    await dialog.getByRole('button', { name: 'Confirmer le rejet' }).click();
    await expect(admin.page.getByText('Vérification refusée')).toBeVisible();

    // The investor sees it live: the reason says what to fix, never the note; the e-mail says the same.
    await expect(card.getByTestId('identity-status')).toHaveText('Refusée', { timeout: 10_000 });
    const rejection = card.getByTestId('identity-rejection');
    await expect(rejection).toContainText('Nous ne pouvons pas lire votre pièce d’identité.');
    await expect(user.page.getByText('Reflet sur le numéro')).toHaveCount(0);
    // (quoted-printable: the marker stops before the first accent)
    await expect
      .poll(() => mailsTo(smtp.mails, who.email, 'Nous ne pouvons pas lire votre pi').length, { timeout: 20_000 })
      .toBe(1);
    expect(mailsTo(smtp.mails, who.email, 'Reflet sur le num')).toHaveLength(0);
    await shots(browser, baseURL!, who, 'rejected');

    // "Corriger" reopens the form with what can be kept: only a new front is sent.
    await rejection.getByRole('button', { name: 'Corriger' }).click();
    await expect(card.getByLabel('Numéro de la pièce')).toHaveValue('X4RTBPFW4');
    await expect(card.getByLabel('Date d’expiration')).toHaveValue('30/06/2031');
    await expect(card.getByLabel('Verso de la pièce')).toHaveAccessibleDescription(/Fichier précédent conservé/);
    await card.getByLabel('Recto de la pièce').setInputFiles(await photo(5));
    await card.getByRole('button', { name: 'Envoyer la correction' }).click();
    await expect(card.getByTestId('identity-status')).toHaveText('En cours d’examen');
    await expect(card).toContainText('version 2');

    // The operator sees both versions and verifies; the investor sees "Vérifiée".
    await expect(review.getByTestId('versions').getByRole('listitem')).toHaveCount(2, { timeout: 10_000 });
    await expect(review.getByTestId('versions').getByRole('listitem').first()).toContainText('Document illisible');
    await shots(browser, baseURL!, ADMIN, 'review');
    await review.getByRole('button', { name: 'Vérifier l’identité' }).click();
    await expect(admin.page.getByText('Identité vérifiée')).toBeVisible();
    await expect(card.getByTestId('identity-status')).toHaveText('Vérifiée', { timeout: 10_000 });
    // The investor's limit rises with the verification, live.
    await expect(limits.getByTestId('limits-tier')).toHaveText('Identité vérifiée');
    await expect(limits.getByTestId('limits-withdrawal-left')).toHaveText('Aucune limite');
    await user.context.close();
    await admin.context.close();
  });
});
