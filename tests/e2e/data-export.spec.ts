import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, request, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { dataExportV1 } from '../../src/contracts/data-export';
import { expectNoSeriousViolations } from './support/axe';
import { fundViaDeposit, signedInContext, signedInPage, signUpPersonViaApi } from './support/money';
import { shotsFrEn } from './support/shots';

test('an investor asks for their data on /profile, sees it being prepared, downloads the ZIP and it opens', async ({
  browser,
  baseURL,
}) => {
  const api = await request.newContext({ baseURL });
  const tag = Date.now().toString(36);
  const person = await signUpPersonViaApi(api, {
    email: `elodie.${tag}@example.test`,
    password: 'secret-123',
    username: `elodie_${tag}`,
    firstName: 'Élodie',
    lastName: 'Export',
  });
  await fundViaDeposit(baseURL!, api, '250.75');

  const { context, page } = await signedInContext(browser, baseURL!, person);
  await page.goto('/profile');
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Mes données' }) });
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

  const data = dataExportV1.parse(JSON.parse(strFromU8(files['data.json']!)));
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
