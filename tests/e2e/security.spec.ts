import { expect, test } from '@playwright/test';
import { smtpPort } from '../../playwright.config';
import { signUpViaApi } from './support/money';
import { mailsTo, plain, startSmtp } from './support/smtp';

const tag = () => Math.random().toString(36).slice(2, 8);
const VERIFY_LINK = /https?:\/\/\S+\/api\/accounts\/verify-email\?token=[^\s"<>]+/;

test.describe('account security e-mails', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  test.beforeAll(async () => {
    smtp = await startSmtp(smtpPort);
  });
  test.afterAll(async () => smtp.close());

  test('a new account confirms its address from the e-mailed link before its first withdrawal; the screens say so and resend it', async ({
    page,
  }) => {
    const who = { username: `ines_${tag()}`, email: `ines.${tag()}@example.test`, password: 'secret-123' };
    await page.goto('/signup');
    await page.getByLabel('Prénom').fill('Inès');
    await page.getByLabel('Nom', { exact: true }).fill('Moreau');
    await page.getByLabel("Nom d'utilisateur").fill(who.username);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(who.password);
    await page.getByLabel('Confirmer le mot de passe').fill(who.password);
    await page.getByLabel('Date de naissance').fill('1990-04-12');
    await page.getByLabel('Téléphone').fill('34 56 7890');
    await page.getByLabel(/J'accepte les/).check();
    await page.getByRole('button', { name: "S'inscrire" }).last().click();
    await expect(page.getByText('Inscription réussie ! Vous pouvez maintenant vous connecter.')).toBeVisible();

    // Signing in works before the address is confirmed.
    await page.goto('/login');
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(who.password);
    await page.locator('main form').getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByTestId('nav-username').first()).toHaveText(`@${who.username}`);

    // The withdraw and transfer screens say what is missing and offer a new link.
    await page.goto('/internal-transfer');
    await expect(page.getByTestId('verify-email-notice')).toContainText(
      `Confirmez votre adresse e-mail (${who.email})`,
    );
    await page.goto('/withdraw');
    const notice = page.getByTestId('verify-email-notice');
    await expect(notice).toContainText('premier retrait ou transfert');
    await expect(page.getByRole('button', { name: 'Demander le retrait' })).toBeDisabled();
    await notice.getByRole('button', { name: 'Renvoyer le lien' }).click();
    await expect(notice).toContainText(`Un nouveau lien vient d'être envoyé à ${who.email}.`);

    // Both links (signup and resend) reach the journeys' SMTP peer; the newest one is opened.
    await expect.poll(() => mailsTo(smtp.mails, who.email, VERIFY_LINK).length, { timeout: 20_000 }).toBe(2);
    const link = new URL(VERIFY_LINK.exec(plain(mailsTo(smtp.mails, who.email, VERIFY_LINK).at(-1)!))![0]);
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(/\/profile\?email=verified$/);
    await expect(page.getByText('Votre adresse e-mail est confirmée.')).toBeVisible();
    await expect(page.getByTestId('verify-email-notice')).toHaveCount(0);

    await page.goto('/withdraw');
    await expect(page.getByLabel('Montant (USD)')).toBeEnabled();
    await expect(page.getByTestId('verify-email-notice')).toHaveCount(0);
  });

  test('signing in from a new browser e-mails the owner once; the same browser again does not', async ({
    browser,
    baseURL,
  }) => {
    const setup = await browser.newContext({ baseURL });
    // The first sign-in ever (inside signUpViaApi) is the account's first device: no mail for it.
    const who = await signUpViaApi(setup.request, 'Paul', 'Girard');
    await setup.close();

    const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
    const page = await context.newPage();
    const signIn = async () => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(who.email);
      await page.getByLabel('Mot de passe', { exact: true }).fill(who.password);
      await page.locator('main form').getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByTestId('nav-username').first()).toHaveText(`@${who.username}`);
    };
    await signIn();
    await expect.poll(() => mailsTo(smtp.mails, who.email, 'nouvel appareil').length, { timeout: 20_000 }).toBe(1);
    const mail = plain(mailsTo(smtp.mails, who.email, 'nouvel appareil')[0]!);
    expect(mail).toContain('Adresse\u00a0: 127.0.0.1');

    // Signed out and in again from the same browser: it is known now.
    await page.request.post('/api/accounts/logout', { data: {} });
    await signIn();
    // A later mail as a barrier: the outbox delivers in order, so a second notice would be here first.
    await page.request.post('/api/accounts/password/forgot', { data: { email: who.email } });
    await expect
      .poll(() => mailsTo(smtp.mails, who.email, '/api/auth/reset-password/').length, { timeout: 20_000 })
      .toBe(1);
    expect(mailsTo(smtp.mails, who.email, 'nouvel appareil')).toHaveLength(1);
    await context.close();
  });
});
