import { expect, test, type Page } from '@playwright/test';
import { smtpPort } from '../../playwright.config';
import { expectNoSeriousViolations } from './support/axe';
import { fillValidSignup } from './support/signup';
import { mailsTo, plain, startSmtp } from './support/smtp';

const tag = () => Math.random().toString(36).slice(2, 8);

async function signUp(page: Page) {
  const who = { username: `marie_${tag()}`, email: `marie.${tag()}@example.test`, password: 'secret-123' };
  await page.goto('/signup');
  await fillValidSignup(page, who);
  await page.getByRole('button', { name: "S'inscrire" }).last().click();
  await expect(page.getByText('Inscription réussie ! Vous pouvez maintenant vous connecter.')).toBeVisible();
  return who;
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.locator('main form').getByRole('button', { name: 'Se connecter' }).click();
}

test.describe('accounts', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  test.beforeAll(async () => {
    smtp = await startSmtp(smtpPort);
  });
  test.afterAll(async () => smtp.close());

  test('signup in French shows each rule message under its field, then succeeds', async ({ page }) => {
    await page.goto('/signup');
    const submit = page.getByRole('button', { name: "S'inscrire" }).last();
    const who = { username: `marie_${tag()}`, email: `marie.${tag()}@example.test`, password: 'secret-123' };

    await expect(page.getByLabel('Pays')).toHaveValue('HT');
    await expect(page.getByText('+509', { exact: true })).toBeVisible();

    await submit.click();
    await expect(page.getByText('Tous les champs sont obligatoires')).toBeVisible();
    await expect(page.getByLabel('Prénom')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Prénom')).toBeFocused();

    await fillValidSignup(page, who);
    const expectMessage = async (text: string, field: string | RegExp) => {
      await submit.click();
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      await expect(page.getByLabel(field, { exact: typeof field === 'string' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    };
    await page.getByLabel('Email').fill('marie@example');
    await expectMessage('Veuillez entrer une adresse email valide', 'Email');
    await page.getByLabel('Email').fill(who.email);

    await page.getByLabel('Mot de passe', { exact: true }).fill('12345');
    await page.getByLabel('Confirmer le mot de passe').fill('12345');
    await expectMessage('Le mot de passe doit contenir au moins 6 caractères', 'Mot de passe');
    await page.getByLabel('Mot de passe', { exact: true }).fill(who.password);
    await expectMessage('Les mots de passe ne correspondent pas', 'Confirmer le mot de passe');
    await page.getByLabel('Confirmer le mot de passe').fill(who.password);

    // A date that cannot be read is said when leaving the field, where the focus no longer is.
    await page.getByLabel('Date de naissance').fill('31/02/19');
    await page.getByLabel('Date de naissance').press('Tab');
    await expect(page.locator('main form').getByRole('alert')).toHaveText(
      'Veuillez entrer une date valide au format jj/mm/aaaa',
    );
    const now = new Date();
    const seventeen = `01/01/${now.getUTCFullYear() - 17}`;
    await page.getByLabel('Date de naissance').fill(seventeen);
    await expectMessage('Vous devez avoir au moins 18 ans pour vous inscrire', 'Date de naissance');
    await page.getByLabel('Date de naissance').fill('12/04/1990');

    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await expectMessage('Veuillez entrer un numéro de téléphone valide pour ce pays', 'Téléphone');
    await page.getByLabel('Pays').selectOption('FR');
    await expect(page.getByText('+33', { exact: true })).toBeVisible();
    await page.getByLabel('Pays').selectOption('HT');
    await page.getByLabel('Téléphone').fill('34 56 7890');

    await page.getByLabel(/J'accepte les/).uncheck();
    await submit.click();
    await expect(page.getByText("Vous devez accepter les conditions d'utilisation")).toBeVisible();

    await expectNoSeriousViolations(page);

    // The terms open in a modal showing the French PDF.
    await page.getByRole('button', { name: "conditions d'utilisation" }).click();
    const dialog = page.getByRole('dialog', { name: "Conditions d'utilisation" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', '/terms/fr.pdf');
    const pdf = await page.request.get('/terms/fr.pdf');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel(/J'accepte les/).check();

    await submit.click();
    await expect(page.getByText('Inscription réussie ! Vous pouvez maintenant vous connecter.')).toBeVisible();

    // The server says when a username is taken.
    await fillValidSignup(page, { ...who, email: `other.${tag()}@example.test` });
    await submit.click();
    await expect(page.getByText("Ce nom d'utilisateur est déjà pris")).toBeVisible();
  });

  test('log in, see @username and the profile with its UID, log out', async ({ page }) => {
    const who = await signUp(page);
    await page.getByRole('link', { name: 'Se connecter' }).first().click();
    await expect(page).toHaveURL(/\/login$/);

    await page.locator('main form').getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Veuillez remplir tous les champs')).toBeVisible();
    await logIn(page, who.email, 'wrong-password');
    await expect(page.getByText('Email ou mot de passe incorrect')).toBeVisible();

    const password = page.getByLabel('Mot de passe', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    const toggle = page.getByRole('button', { name: 'Afficher le mot de passe' });
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    // A toggle keeps its name: its pressed state tells.
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await logIn(page, who.email, who.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('nav-username').first()).toHaveText(`@${who.username}`);
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Profil' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon profil');
    await expect(page.getByTestId('profile-uid')).toHaveText(/^ATU\d{6}$/);
    await expect(page.getByTestId('profile-level')).toHaveText('Débutant');
    await expect(page.getByText('Haïti')).toBeVisible();
    await expect(page.getByTestId('sessions').getByText('Cette session')).toBeVisible();
    await expectNoSeriousViolations(page);

    // The language chosen in the selector is kept on the profile (e-mails use it).
    await page.getByLabel('Langue').first().selectOption('es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mi perfil');
    await expect.poll(async () => (await (await page.request.get('/api/me')).json()).locale).toBe('es');
    await page.getByLabel('Idioma').first().selectOption('fr');
    await expect.poll(async () => (await (await page.request.get('/api/me')).json()).locale).toBe('fr');

    await page.getByRole('button', { name: 'Déconnexion' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Connexion' }).first()).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  });

  test('changing the password: each problem marks its field and takes the focus, then the change works', async ({
    page,
  }) => {
    const who = await signUp(page);
    await page.goto('/login');
    await logIn(page, who.email, who.password);
    await expect(page.getByTestId('nav-username').first()).toHaveText(`@${who.username}`);
    await page.goto('/profile');
    const card = page.locator('form', { has: page.getByRole('heading', { name: 'Changer le mot de passe' }) });
    const current = card.getByLabel('Mot de passe actuel');
    const next = card.getByLabel('Nouveau mot de passe', { exact: true });
    const confirm = card.getByLabel('Confirmer le nouveau mot de passe');
    const save = card.getByRole('button', { name: 'Changer le mot de passe' });
    // The rule is told before it is broken.
    await expect(next).toHaveAccessibleDescription('Au moins 6 caractères.');

    await current.fill(who.password);
    await next.fill('court');
    await confirm.fill('court');
    await save.click();
    await expect(card.getByRole('alert')).toHaveText('Le mot de passe doit contenir au moins 6 caractères');
    await expect(next).toBeFocused();
    await expect(next).toHaveAttribute('aria-invalid', 'true');
    await expect(next).toHaveAccessibleDescription(/Le mot de passe doit contenir au moins 6 caractères/);
    await expect(current).toHaveAttribute('aria-invalid', 'false');

    // The server's refusal of the current password points at that field.
    await next.fill('nouveau-secret-1');
    await confirm.fill('nouveau-secret-1');
    await current.fill('pas-le-bon');
    await save.click();
    await expect(card.getByRole('alert')).toHaveText('Le mot de passe actuel est incorrect');
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');

    await current.fill(who.password);
    await save.click();
    await expect(card.getByRole('status')).toHaveText(
      'Mot de passe modifié. Les autres sessions ont été déconnectées.',
    );
    await expect(card.getByRole('alert')).toHaveCount(0);
  });

  test('an admin reaches /admin through /admin-login; a normal user is refused there', async ({ page }) => {
    const who = await signUp(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
    await logIn(page, who.email, who.password);
    await expect(page.getByText('Email ou mot de passe incorrect')).toBeVisible();
    await expect(page).toHaveURL(/\/admin-login$/);
    const me = await page.request.get('/api/me');
    expect([me.status(), await me.json()]).toEqual([200, null]);

    await logIn(page, 'admin@atlas.test', 'admin-password-e2e');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('link', { name: 'Admin' }).first()).toBeVisible();
  });

  test('an anonymous visit to /portfolio lands on /login and returns after login', async ({ page }) => {
    const who = await signUp(page);
    await page.goto('/portfolio');
    await expect(page).toHaveURL(/\/login\?next=%2Fportfolio$/);
    const api = await page.request.get('/api/me');
    expect([api.status(), await api.json()]).toEqual([200, null]);
    await logIn(page, who.email, who.password);
    await expect(page).toHaveURL(/\/portfolio$/);
  });

  test('a session that ends while a page is open sends the person to sign in, then back', async ({ page }) => {
    const who = await signUp(page);
    await page.goto('/login');
    await logIn(page, who.email, who.password);
    await expect(page.getByRole('button', { name: 'Déconnexion' }).first()).toBeVisible();
    const { uid } = (await (await page.request.get('/api/me')).json()) as { uid: string };
    await page.goto('/internal-transfer');
    await page.getByLabel('UID du destinataire').fill(uid);
    // The session ends on the server's side (here: the cookie is gone) while the page is open.
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Vérifier le destinataire' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Finternal-transfer$/);
    await logIn(page, who.email, who.password);
    await expect(page).toHaveURL(/\/internal-transfer$/);
  });

  test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
    const who = await signUp(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    // The reset screen loads its code on the way: until its heading shows, 'Email' is still the login form's field.
    await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByText('Si un compte existe pour cette adresse')).toBeVisible();

    // The outbox job delivers the reset e-mail to the journeys' SMTP peer.
    await expect
      .poll(() => mailsTo(smtp.mails, who.email, '/api/auth/reset-password/').length, { timeout: 20_000 })
      .toBe(1);
    const raw = plain(mailsTo(smtp.mails, who.email, '/api/auth/reset-password/')[0]!);
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(raw)![0];
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel('Nouveau mot de passe').fill('brand-new-pass');
    await page.getByLabel('Confirmer le mot de passe').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Votre mot de passe a été modifié.')).toBeVisible();
    await page.getByRole('link', { name: 'Se connecter' }).last().click();
    await logIn(page, who.email, 'brand-new-pass');
    await expect(page.getByTestId('nav-username').first()).toHaveText(`@${who.username}`);
  });
});
