import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { fundViaDeposit, login } from './support/money';

const tag = () => Math.random().toString(36).slice(2, 8);

/**
 * Moves focus with Tab (or Shift+Tab) until `target` has it. Only the keyboard moves focus in
 * this file: no click, no fill, no focus() from a script.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} never got focus after ${max} ${back ? 'Shift+Tab' : 'Tab'} presses`);
}

/** Types into whatever has focus, after checking it is the expected field. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/**
 * The focused element (or the card that draws focus for it, for the hidden radio inputs) shows
 * a visible indicator: an outline of at least 2 px, or a ring that an unfocused twin (same
 * classes) does not have, or else the gold focus ring.
 */
async function expectVisibleFocus(target: Locator, drawnBy?: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const painted = drawnBy ?? target;
  const read = () =>
    painted.evaluate((el) => {
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      const twin = [...document.querySelectorAll(el.tagName)].find(
        (other) => other !== el && other.className === el.className && !other.contains(document.activeElement),
      );
      // Without a twin to compare with, the ring must be the focus colour (gold-400).
      const ring =
        style.boxShadow !== 'none' &&
        (twin ? getComputedStyle(twin).boxShadow !== style.boxShadow : style.boxShadow.includes('rgb(247, 201, 72)'));
      return { outline, ring, matchesFocusVisible: el.matches(':focus-visible') || el.matches(':has(:focus-visible)') };
    });
  expect((await read()).matchesFocusVisible, 'focus came from the keyboard').toBe(true);
  // Cards fade their ring in (a CSS transition): judge the indicator once it has settled.
  await expect
    .poll(
      async () => {
        const indicator = await read();
        return indicator.outline || indicator.ring;
      },
      { message: 'a visible focus indicator', timeout: 2000 },
    )
    .toBe(true);
}

test('keyboard only: sign up, log in and invest', async ({ page }) => {
  const who = { username: `clavier_${tag()}`, email: `clavier.${tag()}@example.test`, password: 'secret-123' };

  // Home → "S'inscrire" in the navigation bar, by keyboard. The first Tab reaches the skip link.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const navSignup = page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: "S'inscrire" });
  await tabTo(page, navSignup);
  await expectVisibleFocus(navSignup);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signup$/);

  // The signup form, field by field.
  const form = page.locator('main form');
  await typeInto(page, form.getByLabel('Prénom'), 'Claire');
  await expectVisibleFocus(form.getByLabel('Prénom'));
  await typeInto(page, form.getByLabel('Nom', { exact: true }), 'Martin');
  await typeInto(page, form.getByLabel("Nom d'utilisateur"), who.username);
  await typeInto(page, form.getByLabel('Email'), who.email);
  await typeInto(page, form.getByLabel('Mot de passe', { exact: true }), who.password);
  // The show/hide toggle is a real button in the tab order; Space shows the password.
  const toggle = form.getByRole('button', { name: 'Afficher le mot de passe' }).first();
  await tabTo(page, toggle);
  await expectVisibleFocus(toggle);
  await page.keyboard.press('Space');
  await expect(form.getByLabel('Mot de passe', { exact: true })).toHaveAttribute('type', 'text');
  await typeInto(page, form.getByLabel('Confirmer le mot de passe'), who.password);
  // The birth date is typed in the page's order (jj/mm/aaaa in French), whatever the browser's locale.
  const birth = form.getByLabel('Date de naissance');
  await expect(birth).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  await tabTo(page, birth);
  await page.keyboard.type('12/05/1990');
  await expect(birth).toHaveValue('12/05/1990');
  // Country: arrow keys on the select; Haiti is the default and stays chosen after a round trip.
  const country = form.getByLabel('Pays');
  await tabTo(page, country);
  await page.keyboard.press('ArrowDown');
  await expect(country).not.toHaveValue('HT');
  await page.keyboard.press('ArrowUp');
  await expect(country).toHaveValue('HT');
  await typeInto(page, form.getByLabel('Téléphone'), '34567890');
  const terms = form.getByLabel(/J'accepte les/);
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  const submit = form.getByRole('button', { name: "S'inscrire" });
  await tabTo(page, submit);
  await expectVisibleFocus(submit);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Inscription réussie ! Vous pouvez maintenant vous connecter.')).toBeVisible();

  // The success message offers the way to the login page; Shift+Tab back to it.
  const toLogin = page
    .locator('main')
    .getByRole('link', { name: /connecter/ })
    .first();
  await tabTo(page, toLogin, { back: true });
  await expectVisibleFocus(toLogin);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  // Login: type, Tab, type, Enter submits.
  const loginForm = page.locator('main form');
  await typeInto(page, loginForm.getByLabel('Email'), who.email);
  await typeInto(page, loginForm.getByLabel('Mot de passe', { exact: true }), who.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('nav-username')).toHaveText(`@${who.username}`);

  // Money arrives the way it really does (a deposit approved by an operator), outside the browser.
  const api = await request.newContext({ baseURL });
  await login(api, who.email, who.password);
  await fundViaDeposit(baseURL, api, '500');

  // Navigation bar → Investir.
  const navInvest = page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Investir' });
  await tabTo(page, navInvest, { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/invest$/);
  await expect(page.locator('main')).toContainText('$500.00');

  // The areas are a radio group: Tab enters it on the chosen one, arrows change the choice.
  const crypto = page.getByRole('radio', { name: /Crypto/ });
  await tabTo(page, crypto);
  await expectVisibleFocus(crypto, page.locator('label', { has: crypto }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const stocks = page.getByRole('radio', { name: /Actions/ });
  await expect(stocks).toBeChecked();
  await expect(stocks).toBeFocused();
  await expectVisibleFocus(stocks, page.locator('label', { has: stocks }));

  await typeInto(page, page.getByLabel('Montant à investir (USD)'), '120,00');
  const calculate = page.getByRole('button', { name: 'Calculer' });
  await tabTo(page, calculate);
  await expectVisibleFocus(calculate);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '$120.00' })).toBeVisible();
  const confirm = page.getByRole('button', { name: "Confirmer l'investissement" });
  await tabTo(page, confirm);
  await page.keyboard.press('Space');
  await expect(page.getByText('Investissement réussi ! Redirection vers votre portfolio...')).toBeVisible();
  await expect(page).toHaveURL(/\/portfolio$/);

  const investments = (await (await api.get('/api/investments')).json()).investments as Array<{
    area: string;
    amount: string;
  }>;
  expect(investments.map((i) => [i.area, i.amount])).toEqual([['stocks', '120.00']]);
  expect((await (await api.get('/api/me')).json()).balance).toBe('380.00');
  await api.dispose();
});
