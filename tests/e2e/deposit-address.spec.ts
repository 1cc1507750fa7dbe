import { expect, test } from '@playwright/test';
import { openSettled } from './support/axe';
import { ADMIN, pngProof, requestCard, signedInContext, signedInPage, signUpViaApi } from './support/money';

const shots = '.tmp/shots';
/** BIP84's test vector's first receive address: the journeys' key is its account 0 (playwright.config.ts). */
const SAMPLE_BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

test('an investor sees their own addresses with their QR codes, declares an LTC deposit (BTC needs none), and the operator sees where it was paid', async ({
  browser,
  baseURL,
}) => {
  // Two people, a deposit, then four screens and four cards to draw.
  test.setTimeout(150_000);
  const setup = await browser.newContext({ baseURL });
  const who = await signUpViaApi(setup.request, 'Ines', 'Moreau');
  const other = await signUpViaApi(setup.request, 'Paul', 'Girard');
  const theirs = (await (await setup.request.get('/api/deposits/addresses')).json()) as {
    addresses: Array<{ coin: string; address: string }>;
  };
  await setup.close();

  const { context, page } = await signedInContext(browser, baseURL!, who);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/deposit');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: "Copier l'adresse BTC" }) });
  const address = (await row.locator('code').textContent())!;
  expect(address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
  expect(address).not.toBe(SAMPLE_BTC);
  // Another person's address (the last one signed up got the setup context's lookup) is not this one.
  expect(theirs.addresses[0]!.address).not.toBe(address);
  await expect(row.getByText('Cette adresse BTC est à vous seul\u00a0:', { exact: false })).toBeVisible();
  // BTC's chain is followed (decision 062): its payments need no screenshot, and the row says so.
  await expect(row.getByText("Le paiement y est vu sur la blockchain et crédité sans capture d'écran.")).toBeVisible();
  const qr = row.getByRole('img', { name: 'QR code de votre adresse BTC' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
  await row.getByRole('button', { name: "Copier l'adresse BTC" }).click();
  await expect(page.getByRole('status').getByText('Adresse BTC copiée !')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  // The same address on every visit.
  await page.reload();
  await expect(row.locator('code')).toHaveText(address);
  // LTC has an address of this person's own and no chain followed: the one coin to declare, so the
  // form does not ask which one.
  const ltc = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: "Copier l'adresse LTC" }) });
  const ltcAddress = (await ltc.locator('code').textContent())!;
  expect(ltcAddress).toMatch(/^ltc1q[02-9ac-hj-np-z]{38}$/);
  await expect(ltc.getByRole('img', { name: 'QR code de votre adresse LTC' })).toBeVisible();
  await expect(ltc.getByText('Le paiement y est vu sur la blockchain', { exact: false })).toHaveCount(0);
  await expect(page.getByLabel('Cryptomonnaie envoyée')).toHaveCount(0);
  await expect(
    page.getByText(
      "Pour un paiement en LTC\u00a0: les paiements en BTC sont vérifiés sur la blockchain, sans capture d'écran.",
    ),
  ).toBeVisible();

  await page.getByLabel('Montant envoyé (USD)').fill('310,00');
  await page
    .getByLabel("Capture d'écran de la preuve de paiement")
    .setInputFiles({ name: 'preuve.png', mimeType: 'image/png', buffer: await pngProof() });
  await page.getByRole('button', { name: 'Soumettre le dépôt' }).click();
  await expect(
    page
      .getByText('Demande de dépôt soumise avec succès ! Un administrateur va vérifier votre preuve sous peu.')
      .first(),
  ).toBeVisible();

  const admin = await signedInContext(browser, baseURL!, ADMIN);
  await admin.page.goto('/admin');
  const card = requestCard(admin.page, 'Ines Moreau');
  await expect(card).toContainText('$310.00');
  await expect(card).toContainText(new RegExp(`Payé à\\s*LTC ${ltcAddress} \\(dérivée n°\\u00a0\\d+\\)`));
  await admin.page.screenshot({ path: `${shots}/deposit-address-card-fr-1280.png`, fullPage: true });
  await admin.context.close();
  await context.close();

  // Screenshots of the screen and the card: FR and EN, desktop and phone; nothing scrolls sideways.
  for (const [lang, width] of [
    ['fr', 1280],
    ['fr', 390],
    ['en', 1280],
    ['en', 390],
  ] as const) {
    const shot = await signedInPage(browser, baseURL!, other, { width, lang });
    await openSettled(shot, '/deposit', lang);
    await expect(
      shot.getByRole('img', { name: lang === 'fr' ? 'QR code de votre adresse BTC' : 'QR code of your BTC address' }),
    ).toBeVisible();
    await shot.screenshot({ path: `${shots}/deposit-address-${lang}-${width}.png`, fullPage: true });
    const { scroll, client } = await shot.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    const operator = await signedInPage(browser, baseURL!, ADMIN, { width, lang });
    await openSettled(operator, '/admin', lang);
    await expect(requestCard(operator, 'Ines Moreau')).toContainText(lang === 'fr' ? 'dérivée n°' : 'derived n°');
    await requestCard(operator, 'Ines Moreau').screenshot({
      path: `${shots}/deposit-address-card-${lang}-${width}.png`,
    });
    await operator.context().close();
    await shot.context().close();
  }
});
