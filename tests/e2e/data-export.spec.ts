import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, request, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { dataExportV2 } from '../../src/contracts/data-export';
import { expectNoSeriousViolations } from './support/axe';
import { fundViaDeposit, signedInContext, signedInPage, signUpPersonViaApi } from './support/money';
import { shotsFrEn } from './support/shots';

/** A new investor signed up through the API, with their own request context. */
async function newPerson(baseURL: string, firstName: string, lastName: string) {
  const api = await request.newContext({ baseURL });
  const tag = Date.now().toString(36);
  const handle = firstName
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  const person = await signUpPersonViaApi(api, {
    email: `${handle}.${tag}@example.test`,
    password: 'secret-123',
    username: `${handle}_${tag}`,
    firstName,
    lastName,
  });
  return { api, person };
}

/** The profile's "Mes données" section. */
async function myData(page: Page) {
  await page.goto('/profile');
  return page.locator('section').filter({ has: page.getByRole('heading', { name: 'Mes données' }) });
}

test('an investor asks for their data on /profile, sees it being prepared, downloads the ZIP and it opens', async ({
  browser,
  baseURL,
}) => {
  const { api, person } = await newPerson(baseURL!, 'Élodie', 'Export');
  await fundViaDeposit(baseURL!, api, '250.75');

  const { context, page } = await signedInContext(browser, baseURL!, person);
  const section = await myData(page);
  await expect(section).toBeVisible();
  const submit = section.getByRole('button', { name: 'Préparer mon export' });
  await expect(submit).toBeDisabled();

  // A wrong password is refused in French, and nothing is prepared.
  await section.getByLabel('Mot de passe').fill('not-my-password');
  await submit.click();
  await expect(section.getByRole('alert')).toContainText('Le mot de passe actuel est incorrect');

  await section.getByLabel('Mot de passe').fill(person.password);
  await submit.click();
  // The progress is shown while the job builds it, then the link.
  await expect(section.getByTestId('data-export-progress')).toContainText('Préparation de votre export');
  await expect(section.getByRole('progressbar')).toBeVisible();
  const link = section.getByTestId('data-export-download');
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(section).toContainText('Votre export est prêt.');
  await expect(section).toContainText('Lien valable jusqu');
  await expectNoSeriousViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const zip = readFileSync((await download.path())!);
  const files = unzipSync(new Uint8Array(zip));

  const data = dataExportV2.parse(JSON.parse(strFromU8(files['data.json']!)));
  expect(data.profile).toMatchObject({ uid: person.uid, email: person.email, firstName: 'Élodie' });
  expect(data.balances.find((b) => b.kind === 'available')?.balanceCents).toBe(25075);
  expect(data.deposits).toMatchObject([{ amountCents: 25075, status: 'approved' }]);
  expect(data.files).toHaveLength(1);

  const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
    files: Array<{ file: string; sha256: string }>;
  };
  expect(manifest.files.map((f) => f.file)).toEqual(
    expect.arrayContaining(['data.json', 'statement.pdf', 'csv/ledger.csv', 'csv-fr/ledger.csv', data.files[0]!.file]),
  );
  for (const f of manifest.files) expect(createHash('sha256').update(files[f.file]!).digest('hex')).toBe(f.sha256);
  expect(JSON.parse(strFromU8(files['manifest.sig']!))).toMatchObject({ algorithm: 'Ed25519' });
  await context.close();

  // At 320 px the section fits: no sideways scroll.
  const narrow = await signedInPage(browser, baseURL!, person, { width: 320 });
  await narrow.goto('/profile');
  await expect(narrow.getByTestId('data-export-download')).toBeVisible();
  expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await narrow.context().close();

  await shotsFrEn(browser, baseURL!, person, 'data-export', async (p) => {
    await p.goto('/profile');
    const s = p.getByTestId('data-export-download');
    await expect(s).toBeVisible();
    await s.scrollIntoViewIfNeeded();
  });
});

test('an expired download link opened in the browser says why in French and offers a new export; a program gets JSON', async ({
  browser,
  baseURL,
}) => {
  const { api, person } = await newPerson(baseURL!, 'Gaspard', 'Lien');
  const { context, page } = await signedInContext(browser, baseURL!, person);
  const section = await myData(page);
  await section.getByLabel('Mot de passe').fill(person.password);
  await section.getByRole('button', { name: 'Préparer mon export' }).click();
  const href = (await section.getByTestId('data-export-download').getAttribute('href', { timeout: 30_000 }))!;

  // Two days on, the 24-hour link has expired.
  expect((await api.post('/api/test/clock', { data: { advanceDays: 2 } })).status()).toBe(200);
  await page.goto(href);
  await expect(page).toHaveURL(/\/profile\?export=link_expired$/);
  const refused = page.getByTestId('data-export-link-refused');
  await expect(refused).toHaveText(
    'Ce lien de téléchargement a expiré : un lien n’est valable que 24 heures. Téléchargez votre dernier export ci-dessous s’il est prêt, ou préparez-en un nouveau.',
  );
  await expect(refused).toBeFocused();
  await expect(refused).toBeInViewport();
  await expectNoSeriousViolations(page);
  // A link altered by hand says it is not valid for this account.
  await page.goto(href.replace(/sig=[^&]+/, 'sig=AAAA'));
  await expect(page).toHaveURL(/\/profile\?export=link_invalid$/);
  await expect(page.getByTestId('data-export-link-refused')).toContainText('n’est pas valable pour votre compte');
  // Asking again from there: the message gives way to the new export.
  await section.getByLabel('Mot de passe').fill(person.password);
  await section.getByRole('button', { name: 'Préparer mon export' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('data-export-link-refused')).toHaveCount(0);
  await expect(section.getByTestId('data-export-download')).toBeVisible({ timeout: 30_000 });

  // Programs keep their JSON answer; a browser without a session signs in first.
  const late = await page.request.get(href, { headers: { accept: 'application/json' } });
  expect([late.status(), (await late.json()).error.code]).toEqual([403, 'link_expired']);
  await context.close();
  const visitor = await browser.newContext({ baseURL });
  const out = await visitor.newPage();
  await out.goto(href);
  await expect(out).toHaveURL(/\/login\?next=%2Fprofile$/);
  await visitor.close();

  await shotsFrEn(browser, baseURL!, person, 'data-export-link-expired', async (p) => {
    await p.goto(href);
    await expect(p.getByTestId('data-export-link-refused')).toBeInViewport();
  });
  await api.dispose();
});
