import { mkdirSync } from 'node:fs';
import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { openSettled } from './support/axe';
import { readCatalogue } from './support/catalogue';
import {
  ADMIN,
  fundViaDeposit,
  login,
  pngProof,
  signUpPersonViaApi,
  signUpViaApi,
  type E2EUser,
} from './support/money';

/** Issue 29: the assistant answers from the investor's own account and hands over to a person. */
const fr = readCatalogue('fr', 'assistant');
const shots = '.tmp/shots';

let lea: E2EUser;
let api: APIRequestContext;

async function investorPage(browser: Browser, width = 1280, lang: 'fr' | 'en' = 'fr'): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
    viewport: { width, height: 900 },
  });
  await login(context.request, lea.email, lea.password);
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('atlas.lang', l), lang);
  return page;
}

async function operatorPage(browser: Browser, width = 1280, lang: 'fr' | 'en' = 'fr'): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
    viewport: { width, height: 900 },
  });
  await login(context.request, ADMIN.email, ADMIN.password);
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('atlas.lang', l), lang);
  return page;
}

async function ask(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: fr.inputLabel });
  await input.fill(text);
  await input.press('Enter');
}

/** A date as the panel shows it: the browser's own Intl, in the page's time zone. */
const shownAt = (page: Page, iso: string) =>
  page.evaluate(
    (at) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    iso,
  );

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  api = await request.newContext({ baseURL });
  const tag = Math.random().toString(36).slice(2, 8);
  lea = await signUpPersonViaApi(api, {
    email: `lea.${tag}@example.test`,
    password: 'secret-123',
    username: `lea_${tag}`,
    firstName: 'Léa',
    lastName: 'Moreau',
  });
  await fundViaDeposit(baseURL, api, '1000');
  expect((await api.post('/api/investments', { data: { area: 'stocks', amount: '200' } })).status()).toBe(201);
  const pending = await api.post('/api/deposits', {
    multipart: { amount: '75', proof: { name: 'proof.png', mimeType: 'image/png', buffer: await pngProof() } },
  });
  expect(pending.status()).toBe(201);
  const friendApi = await request.newContext({ baseURL });
  const friend = await signUpViaApi(friendApi, 'Hugo', 'Lefèvre');
  await friendApi.dispose();
  expect((await api.post('/api/transfers', { data: { recipientUid: friend.uid, amount: '40' } })).status()).toBe(201);
});
test.afterAll(async () => api.dispose());

test('an investor asks in French and gets their own unlock date, their place in the queue, then a person; the operator answers live', async ({
  browser,
}) => {
  const page = await investorPage(browser);
  await openSettled(page, '/');
  await page.getByRole('button', { name: readCatalogue('fr', 'common').assistant.open }).click();
  const panel = page.getByTestId('assistant-panel');
  await expect(panel.getByTestId('assistant-to-person')).toHaveText(fr.handoff.button);

  await ask(page, 'pourquoi je peux pas retirer');
  const withdraw = (await (await page.request.get('/api/assistant/facts/withdraw')).json()).facts;
  const lock = withdraw.find((f: { key: string }) => f.key === 'withdraw.locked');
  const lockFact = panel.locator('[data-fact="withdraw.locked"]');
  await expect(lockFact).toContainText(await shownAt(page, lock.values.until.at));
  await expect(lockFact).toContainText('dans 30 jours');
  await expect(panel.locator('[data-fact="withdraw.balances"]')).toContainText('$760.00');
  // The journeys' tier limits (playwright.config.ts): no deposit limit, $100,000,000.00 out over 30 days.
  await expect(panel.locator('[data-fact="withdraw.limitLeft"]')).toContainText('$100,000,000.00');

  await ask(page, 'c quoi mes plafonds ?');
  await expect(panel.locator('[data-fact="limits.tier.email"]')).toHaveText(fr.facts.limits.tier.email);
  await expect(panel.locator('[data-fact="limits.deposit.none"]')).toHaveText(fr.facts.limits.deposit.none);
  await expect(panel.locator('[data-fact="limits.withdrawal.left"]')).toContainText('$100,000,000.00');
  await expect(panel.getByRole('link', { name: fr.links.profile }).last()).toHaveAttribute('href', '/profile');

  await ask(page, 'ou est mon depot ?');
  const [deposit] = (await (await page.request.get('/api/assistant/facts/deposit')).json()).facts;
  await expect(panel.locator('[data-fact="deposit.pending"]')).toContainText(
    `position ${deposit.values.position.value} dans la file`,
  );
  await expect(panel.locator('[data-fact="deposit.pending"]')).toContainText('$75.00');

  await ask(page, 'investir retirer');
  const choices = panel.getByRole('group', { name: fr.clarify }).last().getByRole('button');
  await expect(choices).toHaveCount(2);
  await expect(choices.first()).toHaveText(fr.choices.invest);

  await ask(page, 'je conteste ce virement');
  const reference = panel.getByTestId('support-reference');
  await expect(reference).toContainText(/SUP-[A-Z0-9]{4}-[A-Z0-9]{4}/);
  const ref = /SUP-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec((await reference.textContent())!)![0];
  const thread = panel.getByTestId('support-thread');
  await expect(thread.locator('[data-author="assistant"]')).toContainText('assistant automatique');
  await expect(thread.locator('[data-author="investor"]')).toContainText('je conteste ce virement');

  const operator = await operatorPage(browser);
  await openSettled(operator, '/admin/support');
  await operator
    .getByTestId('inbox-list')
    .getByRole('button', { name: new RegExp(ref) })
    .click();
  await expect(operator.getByTestId('support-context-facts')).toContainText('$40.00');
  await operator
    .getByLabel(readCatalogue('fr', 'backoffice').support.reply)
    .fill('Bonjour Léa, nous vérifions ce virement.');
  await operator.getByRole('button', { name: readCatalogue('fr', 'backoffice').support.send }).click();
  await expect(operator.getByTestId('inbox-thread').locator('[data-author="operator"]')).toBeVisible();

  // Live: no reload on the investor's side.
  await expect(thread.locator('[data-author="operator"]')).toContainText('Bonjour Léa, nous vérifions ce virement.');

  // The conversation survives a reload, and the past conversations can be read again.
  await page.reload();
  await page.getByRole('button', { name: readCatalogue('fr', 'common').assistant.open }).click();
  await expect(page.getByTestId('support-thread').locator('[data-author="operator"]')).toBeVisible();
  await page.getByRole('button', { name: fr.support.history }).click();
  await expect(page.getByTestId('support-list')).toContainText(ref);
  await operator.context().close();
  await page.context().close();
});

for (const lang of ['fr', 'en'] as const) {
  for (const width of [1280, 390]) {
    test(`screenshots of the panel and the inbox, ${lang.toUpperCase()} at ${width} px`, async ({ browser }) => {
      const strings = readCatalogue(lang, 'assistant');
      const page = await investorPage(browser, width, lang);
      await openSettled(page, '/', lang);
      await page.evaluate(() => sessionStorage.clear());
      await page.getByRole('button', { name: readCatalogue(lang, 'common').assistant.open }).click();
      const input = page.getByRole('textbox', { name: strings.inputLabel });
      const panel = page.getByTestId('assistant-panel');
      await input.fill(lang === 'fr' ? 'pourquoi je peux pas retirer' : "why can't I withdraw");
      await input.press('Enter');
      await expect(panel.locator('[data-fact="withdraw.locked"]')).toBeVisible();
      await page.screenshot({ path: `${shots}/assistant-facts-${lang}-${width}.png` });
      await input.fill(lang === 'fr' ? 'investir retirer' : 'invest withdraw');
      await input.press('Enter');
      await expect(panel.getByRole('group', { name: strings.clarify })).toBeVisible();
      await page.screenshot({ path: `${shots}/assistant-clarify-${lang}-${width}.png` });
      await panel.getByRole('button', { name: strings.support.history }).click();
      await panel.getByTestId('support-list').getByRole('button').first().click();
      await expect(panel.getByTestId('support-thread').locator('[data-author="operator"]')).toBeVisible();
      await page.screenshot({ path: `${shots}/assistant-live-${lang}-${width}.png` });
      await page.context().close();

      const operator = await operatorPage(browser, width, lang);
      await openSettled(operator, '/admin/support', lang);
      await operator.getByRole('button', { name: readCatalogue(lang, 'backoffice').support.states.answered }).click();
      await operator.getByTestId('inbox-list').getByRole('button').first().click();
      await expect(operator.getByTestId('inbox-thread')).toBeVisible();
      await operator.screenshot({ path: `${shots}/support-inbox-${lang}-${width}.png`, fullPage: true });
      await operator.context().close();
    });
  }
}
