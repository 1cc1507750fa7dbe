import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { fundViaDeposit, signedInContext, signUpViaApi } from './support/money';
import { shotsFrEn } from './support/shots';
import { strFromU8, unzipSync } from 'fflate';
import { dataExportV2 } from '../../src/contracts/data-export';

/** The date as the French pages show it (Intl, dateStyle medium, UTC like the journeys' browser). */
const frDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

test.describe('account closure', () => {
  test('asks to close with an investment still locked, sees its date; later stops it, pays out, is closed and reads only', async ({
    browser,
    baseURL,
  }) => {
    // A whole life of an account (funding, closing, a payout, signing in again, an export, erasure)
    // with axe and screenshots: it passed 55-60 s into the usual 60 s limit in CI.
    test.slow();
    const api = await browser.newContext({ baseURL });
    const payee = await signUpViaApi(api.request, 'Paul', 'Receveur');
    await api.close();

    const setup = await browser.newContext({ baseURL });
    const me = await signUpViaApi(setup.request, 'Clara', 'Depart');
    await fundViaDeposit(baseURL!, setup.request, '100.00');
    const invested = await setup.request.post('/api/investments', { data: { area: 'stocks', amount: '40.00' } });
    expect(invested.status(), await invested.text()).toBe(201);
    const investment = (await invested.json()).investment as { id: string; createdAt: string };
    await setup.close();

    // On the profile, in French: ask to close, with the password again.
    const { context, page } = await signedInContext(browser, baseURL!, me);
    await page.goto('/profile');
    const card = page.getByTestId('closure-card');
    await card.getByRole('button', { name: 'Clôturer mon compte' }).click();
    await card.getByLabel('Votre mot de passe (pour confirmer)').fill('wrong-password');
    await card.getByRole('button', { name: 'Demander la clôture' }).click();
    await expect(card.getByRole('alert')).toContainText('mot de passe');
    await card.getByLabel('Votre mot de passe (pour confirmer)').fill(me.password);
    await card.getByRole('button', { name: 'Demander la clôture' }).click();
    await expect(page.getByTestId('closure-state')).toHaveText('En attente : fin des blocages et des examens en cours');
    // The exact date the investment's lock ends.
    const until = new Date(new Date(investment.createdAt).getTime() + 5 * 86_400_000).toISOString();
    await expect(page.getByTestId('closure-waits')).toContainText(
      `Investissement Actions de $40.00 : bloqué jusqu’au ${frDate(until)}`,
    );
    await expect(page.getByTestId('closure-waits')).toContainText('Solde disponible : $60.00');
    // Closing: the bar no longer offers to invest; the cashier and the portfolio still empty the account.
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Caisse' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Portfolio' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Investir' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    // At 320 px the closure section, dates and links included, fits without sideways scrolling.
    await page.setViewportSize({ width: 320, height: 800 });
    await expect(page.getByTestId('closure-waits')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shotsFrEn(browser, baseURL!, me, 'closure-waiting', async (p) => {
      await p.goto('/profile');
      await expect(p.getByTestId('closure-waits')).toBeVisible();
    });

    // Nothing comes in any more: a transfer to this account is refused with its own code.
    const payeeCtx = await browser.newContext({ baseURL });
    const payeeLogin = await payeeCtx.request.post('/api/accounts/login', {
      data: { email: payee.email, password: payee.password },
    });
    expect(payeeLogin.status()).toBe(200);
    await fundViaDeposit(baseURL!, payeeCtx.request, '5.00');
    const incoming = await payeeCtx.request.post('/api/transfers', { data: { recipientUid: me.uid, amount: '5.00' } });
    expect(incoming.status()).toBe(409);
    expect((await incoming.json()).error.code).toBe('recipient_account_closing');

    // Six days later the lock has ended: the closure waits for the payout.
    expect((await page.request.post('/api/test/clock', { data: { advanceDays: 6 } })).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('closure-state')).toHaveText('En attente : votre solde doit être mis à zéro');
    await expect(page.getByTestId('closure-waits')).toContainText('Investissement Actions de $40.00 : à arrêter.');
    // Stopped from the portfolio, as any investment is: a confirmation, then its value is available.
    await page.goto('/portfolio');
    await page.getByRole('button', { name: 'Arrêter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Arrêter cet investissement ?' });
    await dialog.getByRole('button', { name: 'Oui, arrêter' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/profile');
    await expect(page.getByTestId('closure-waits')).toContainText('Solde disponible : $100.00');
    // The rest goes out by transfer (no minimum; withdrawals are still locked 30 days after the first investment).
    await expect(page.getByTestId('closure-waits')).toContainText('le transfert par UID est possible dès maintenant');
    await page.goto('/internal-transfer');
    await page.getByLabel('UID du destinataire').fill(payee.uid);
    await page.getByRole('button', { name: 'Vérifier le destinataire' }).click();
    await expect(page.getByTestId('recipient-uid')).toHaveText(payee.uid);
    await page.getByLabel('Montant (USD)').fill('100,00');
    // The payout closes the account before its answer leaves: this session stays, on the read-only
    // page, which says the transfer went through and the account is closed; every other one is gone.
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/transfers') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Envoyer' }).click(),
    ]);
    expect(sent.status(), await sent.text()).toBe(201);
    await expect(page).toHaveURL(/\/account-closed$/);
    await expect(page.getByTestId('just-closed')).toHaveText(
      'Votre transfert a bien été effectué. Votre compte est maintenant clôturé, avec un solde de zéro.',
    );
    await expect(page.getByTestId('closed-on')).toContainText('Votre compte a été clôturé le');
    // Only what a former investor can use: their one page, the language, signing out.
    await expect(nav.locator('ul').first().getByRole('link')).toHaveText(['Mon compte clôturé']);
    await expect(page.getByRole('contentinfo').getByRole('link')).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: '.tmp/shots/closure-just-closed-fr-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.locator('#mobile-menu ul').getByRole('link')).toHaveText(['Mon compte clôturé']);
    await page.screenshot({ path: '.tmp/shots/closure-just-closed-fr-390.png', fullPage: true });
    await context.close();

    // Signing in again lands on the read-only page.
    const again = await browser.newContext({ baseURL, locale: 'fr-FR' });
    const p2 = await again.newPage();
    await p2.goto('/login');
    await p2.getByLabel('Email').fill(me.email);
    await p2.getByLabel('Mot de passe', { exact: true }).fill(me.password);
    await p2.locator('main form').getByRole('button', { name: 'Se connecter' }).click();
    await expect(p2).toHaveURL(/\/account-closed$/);
    await expect(p2.getByRole('heading', { name: 'Compte clôturé' })).toBeVisible();
    await expect(p2.getByTestId('closed-on')).toContainText('Votre compte a été clôturé le');
    await expect(p2.getByTestId('retention-list')).toContainText('Documents d’identité et preuves de dépôt');
    // The former investor still downloads their data during retention, and the export says the account is closed.
    const mine = p2.locator('section').filter({ has: p2.getByRole('heading', { name: 'Mes données' }) });
    await mine.getByLabel('Mot de passe').fill(me.password);
    await mine.getByRole('button', { name: 'Préparer mon export' }).click();
    const link = mine.getByTestId('data-export-download');
    await expect(link).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([p2.waitForEvent('download'), link.click()]);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const data = dataExportV2.parse(JSON.parse(strFromU8(files['data.json']!)));
    expect(data.closure).toMatchObject({ state: 'closed' });
    expect(data.balances.every((b) => b.balanceCents === 0)).toBe(true);
    // The erasure answer says what was erased, then what the law still keeps and until when.
    await p2.getByRole('button', { name: 'Demander l’effacement' }).click();
    const answer = p2.getByTestId('erasure-answer');
    await expect(answer).toContainText('Effacé :');
    await expect(answer.getByTestId('erasure-erased')).toContainText('Données sans obligation légale');
    await expect(answer).toContainText('Conservé, car la loi l’exige :');
    await expect(answer.getByTestId('erasure-kept')).toContainText(
      'Documents d’identité et preuves de dépôt — Conservé jusqu’au',
    );
    await expect(answer.getByTestId('erasure-kept')).not.toContainText('Données sans obligation légale');
    // Two days on, the download link has expired: opened in the browser, it shows why, in French, on this page.
    const href = (await link.getAttribute('href'))!;
    expect((await p2.request.post('/api/test/clock', { data: { advanceDays: 2 } })).status()).toBe(200);
    await p2.goto(href);
    await expect(p2).toHaveURL(/\/account-closed\?export=link_expired$/);
    await expect(p2.getByTestId('data-export-link-refused')).toHaveText(
      'Ce lien de téléchargement a expiré : un lien n’est valable que 24 heures. Téléchargez votre dernier export ci-dessous s’il est prêt, ou préparez-en un nouveau.',
    );
    await expect(p2.getByTestId('data-export-link-refused')).toBeFocused();
    // A program holding the same link still gets JSON.
    const late = await p2.request.get(href, { headers: { accept: 'application/json' } });
    expect([late.status(), (await late.json()).error.code]).toEqual([403, 'link_expired']);
    // Money pages lead back here; money routes answer account_closed.
    await p2.goto('/invest');
    await expect(p2).toHaveURL(/\/account-closed$/);
    const refused = await p2.request.post('/api/transfers', { data: { recipientUid: payee.uid, amount: '1.00' } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('account_closed');
    await expectNoSeriousViolations(p2);
    // At 320 px the read-only page fits without sideways scrolling.
    await p2.setViewportSize({ width: 320, height: 800 });
    await p2.goto('/account-closed');
    await expect(p2.getByTestId('retention-list')).toBeVisible();
    expect(await p2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await p2.setViewportSize({ width: 1280, height: 800 });
    await shotsFrEn(browser, baseURL!, me, 'closure-closed', async (p) => {
      await p.goto(href);
      await expect(p.getByTestId('data-export-link-refused')).toBeVisible();
      await expect(p.getByTestId('erasure-answer')).toBeVisible();
    });
    await p2.getByRole('button', { name: 'Déconnexion' }).last().click();
    // Signed out: the page is no longer theirs to see.
    await expect(p2).toHaveURL(/\/(login\?next=%2Faccount-closed)?$/);
    expect((await (await p2.request.get('/api/me')).json()) as unknown).toBeNull();
    await again.close();
    await payeeCtx.close();
  });
});
