import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seededImage } from '../support/images';
import { expectNoSeriousViolations } from './support/axe';
import { ADMIN, signedInContext, signUpViaApi } from './support/money';
import { shotsFrEn } from './support/shots';

/** Images nobody else sends (the data directory outlives a run: the seeds start from the clock). */
const base = (Date.now() % 1_000_000) * 10 + 5;
const photo = async (n: number) => ({
  name: `photo-${n}.png`,
  mimeType: 'image/png',
  buffer: await seededImage(base + n, 'png', 160, 100),
});

const DAY_MS = 86_400_000;
/** The server's day `days` from its clock (the test clock may have moved), YYYY-MM-DD. */
const serverDay = async (api: APIRequestContext, days: number) => {
  const { now } = (await (await api.get('/api/test/clock')).json()) as { now: string };
  return new Date(new Date(now).getTime() + days * DAY_MS).toISOString().slice(0, 10);
};
/** A day as the French profile writes it ("18 déc. 2026"). */
const frenchDay = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

const reviewCard = (page: Page, fullName: string) =>
  page
    .getByTestId('identity-review')
    .filter({ has: page.getByTestId('requester').getByText(fullName, { exact: true }) });

/**
 * Issue 46, item 1: a verified document expires. The profile warns before, says it expired after
 * (the tier dropped), the investor sends a renewal while the verification stays on file, the
 * operator reads it as a renewal with the history, rejects it, the investor sends it again, and the
 * verified renewal gives the tier back.
 */
test('a verified document expires: warned, expired, renewed, rejected, sent again, verified', async ({
  browser,
  baseURL,
}) => {
  // Eight screenshot contexts on top of the journey.
  test.setTimeout(480_000);
  const setup = await browser.newContext({ baseURL });
  const who = await signUpViaApi(setup.request, 'Lucie', 'Garnier');
  const fullName = 'Lucie Garnier';
  const expiry = await serverDay(setup.request, 20);
  await setup.close();

  // Verified with a document that expires in 20 days.
  const user = await signedInContext(browser, baseURL!, who);
  const sent = await user.context.request.post('/api/identity', {
    multipart: {
      documentType: 'passport',
      documentNumber: '19AB23456',
      documentExpiry: expiry,
      front: await photo(1),
      selfie: await photo(2),
      address: await photo(3),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const admin = await signedInContext(browser, baseURL!, ADMIN);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Vérifications d’identité' }).click();
  const first = reviewCard(admin.page, fullName);
  await expect(first.getByTestId('identity-renewal')).toHaveCount(0);
  await first.getByRole('button', { name: 'Vérifier l’identité' }).click();
  await expect(admin.page.getByText('Identité vérifiée')).toBeVisible();

  // Expiring within 30 days: the warning and the renewal's button.
  await user.page.goto('/profile');
  const card = user.page.getByTestId('identity-card');
  await expect(card.getByTestId('identity-status')).toHaveText('Expire bientôt');
  await expect(card.getByTestId('identity-expiry')).toHaveText(
    `Votre pièce d’identité expire le ${frenchDay(expiry)}. Envoyez dès maintenant une pièce en cours de validité\u00a0: votre vérification actuelle reste valable pendant l’examen.Renouveler ma pièce`,
  );
  await expect(card).toContainText('Votre identité et votre adresse sont vérifiées.');
  const limits = user.page.getByTestId('limits-card');
  await expect(limits.getByTestId('limits-tier')).toHaveText('Identité vérifiée');

  // 21 days later the document has expired: said with its date, the tier dropped, the renewal offered.
  expect((await user.context.request.post('/api/test/clock', { data: { advanceDays: 21 } })).status()).toBe(200);
  await user.page.reload();
  await expect(card.getByTestId('identity-status')).toHaveText('Pièce expirée');
  await expect(card.getByTestId('identity-expiry')).toContainText(
    `Votre pièce d’identité a expiré le ${frenchDay(expiry)}. Vos limites de dépôt et de retrait sont réduites jusqu’à la vérification d’une nouvelle pièce.`,
  );
  await expect(card).not.toContainText('Votre identité et votre adresse sont vérifiées.');
  await expect(limits.getByTestId('limits-tier')).toHaveText('E-mail vérifié');
  await expectNoSeriousViolations(user.page);
  await shotsFrEn(browser, baseURL!, who, 'identity-expired', async (page) => {
    await page.goto('/profile');
    await expect(page.getByTestId('identity-expiry')).toBeVisible();
  });

  // The renewal: a new document, the type kept from the one on file.
  await card.getByRole('button', { name: 'Renouveler ma pièce' }).click();
  await expect(card.getByLabel('Type de pièce')).toHaveValue('passport');
  await expect(card).toContainText('Votre vérification actuelle reste enregistrée pendant l’examen.');
  await card.getByLabel('Numéro de la pièce').fill('21CD45678');
  await card.getByLabel('Date d’expiration').fill('30/06/2036');
  await card.getByLabel('Recto de la pièce').setInputFiles(await photo(4));
  await card.getByLabel('Selfie en tenant la pièce').setInputFiles(await photo(5));
  await card.getByLabel('Justificatif de domicile').setInputFiles(await photo(6));
  await card.getByRole('button', { name: 'Envoyer le renouvellement' }).click();
  await expect(card.getByTestId('identity-status')).toHaveText('Renouvellement en cours d’examen');
  await expect(card.getByTestId('identity-on-file')).toHaveText(
    `Votre vérification précédente reste enregistrée, mais sa pièce a expiré le ${frenchDay(expiry)}\u00a0: vos limites restent réduites jusqu’à la vérification de la nouvelle.`,
  );

  // The operator reads a renewal, with the verification it renews, and rejects it.
  await admin.page.reload();
  await admin.page.getByRole('tab', { name: 'Vérifications d’identité' }).click();
  const renewal = reviewCard(admin.page, fullName).filter({ hasText: '21CD45678' });
  await expect(renewal.getByTestId('identity-renewal')).toHaveText('Renouvellement');
  const history = renewal.getByTestId('identity-history');
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText(`Vérifiée · envoyée le`);
  await expect(history.getByRole('listitem')).toContainText(`pièce valable jusqu’au ${frenchDay(expiry)} · décidée le`);
  await expectNoSeriousViolations(admin.page);
  await shotsFrEn(browser, baseURL!, ADMIN, 'identity-renewal-review', async (page, lang) => {
    await page.goto('/admin');
    await page
      .getByRole('tab', { name: lang === 'fr' ? 'Vérifications d’identité' : 'Identity verifications' })
      .click();
    await expect(page.getByTestId('identity-history').first()).toBeVisible();
  });
  await renewal.getByRole('button', { name: 'Rejeter' }).click();
  const dialog = admin.page.getByRole('dialog');
  await dialog.getByLabel('Motif du rejet').selectOption({ label: 'Document illisible' });
  await dialog.getByRole('button', { name: 'Confirmer le rejet' }).click();
  await expect(admin.page.getByText('Vérification refusée')).toBeVisible();

  // Renewal rejected: the reason, the verification still on file, and "Corriger" to send it again.
  await expect(card.getByTestId('identity-status')).toHaveText('Renouvellement refusé', { timeout: 10_000 });
  await expect(card.getByTestId('identity-rejection')).toContainText('Votre renouvellement a été refusé');
  await expect(card.getByTestId('identity-rejection')).toContainText(
    'Nous ne pouvons pas lire votre pièce d’identité.',
  );
  await expect(card.getByTestId('identity-on-file')).toBeVisible();
  await card.getByRole('button', { name: 'Corriger' }).click();
  await expect(card.getByLabel('Numéro de la pièce')).toHaveValue('21CD45678');
  await card.getByLabel('Recto de la pièce').setInputFiles(await photo(7));
  await card.getByRole('button', { name: 'Envoyer la correction' }).click();
  await expect(card.getByTestId('identity-status')).toHaveText('Renouvellement en cours d’examen');
  await expect(card).toContainText('version 2');

  // Verified: the renewal is on file and the tier is back, live.
  const again = reviewCard(admin.page, fullName).filter({ hasText: 'Version 2' });
  await expect(again.getByTestId('identity-renewal')).toBeVisible({ timeout: 10_000 });
  await again.getByRole('button', { name: 'Vérifier l’identité' }).click();
  await expect(admin.page.getByText('Identité vérifiée')).toBeVisible();
  await expect(card.getByTestId('identity-status')).toHaveText('Vérifiée', { timeout: 10_000 });
  await expect(card.getByTestId('identity-expiry')).toHaveCount(0);
  await expect(limits.getByTestId('limits-tier')).toHaveText('Identité vérifiée');
  await user.context.close();
  await admin.context.close();
});
