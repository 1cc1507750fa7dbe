import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import { fundViaDeposit, signedInContext, signUpViaApi } from './support/money';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-${port}`;
const dist = process.env.ATLAS_DIST ?? 'dist';

/** A round, published by the operator's command against the journeys' server's database. */
function publishRound(): void {
  execFileSync(process.execPath, [`${dist}/server/cli.js`, 'liabilities-round'], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}

test('an investor checks their balance on /portfolio, then again in the offline verifier; a tampered file fails', async ({
  browser,
  baseURL,
}) => {
  const api = await request.newContext({ baseURL });
  const person = await signUpViaApi(api, 'Camille', 'Proof');
  await fundViaDeposit(baseURL!, api, '321.45');
  publishRound();

  const { context, page } = await signedInContext(browser, baseURL!, person);
  await page.goto('/preuve-de-passif');
  await expect(page.getByRole('heading', { level: 1, name: 'Preuve de passif' })).toBeVisible();
  await expect(page.getByTestId('liability-rounds')).toBeVisible();
  const total = (await page
    .getByTestId('liability-rounds')
    .locator('tbody tr')
    .first()
    .locator('td')
    .nth(2)
    .textContent())!;
  // On a phone the rounds are cards: the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('liability-rounds')).toBeHidden();
  await expect(page.getByTestId('liability-round-cards').getByRole('listitem').first()).toContainText(total);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '.tmp/shots/liabilities-rounds-fr-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/profile');
  const nonce = (await page.getByTestId('account-nonce').textContent())!.trim();
  expect(nonce).toMatch(/^[0-9a-f]{64}$/);

  await page.goto('/portfolio');
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Vérifier mon solde' }) });
  await card.getByRole('textbox').fill('321,45');
  // After the downloads (round list, proof, nonce, the verifier's code), nothing more may leave the page.
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await card.getByRole('button', { name: 'Vérifier mon solde' }).click();
  const result = page.getByTestId('verify-balance-result');
  await expect(result).toContainText('Vérifié : $321.45 sont comptés pour vous');
  await expect(page.getByTestId('verification-checks')).toContainText('Chaque chemin mène à la racine publiée');
  const api_ = requests.filter((p) => p.startsWith('/api/') && p !== '/api/vitals');
  expect(api_.sort()).toEqual(
    [
      '/api/liabilities/nonce',
      '/api/liabilities/rounds',
      expect.stringMatching(/^\/api\/liabilities\/rounds\/\d+\/proof$/),
    ].sort(),
  );
  expect(requests.filter((p) => !p.startsWith('/api/') && !p.endsWith('.js') && !p.endsWith('.json'))).toEqual([]);

  const dir = mkdtempSync(path.join(tmpdir(), 'atlas-proof-'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Télécharger ma preuve (JSON)' }).click(),
  ]);
  const proofFile = path.join(dir, 'proof.json');
  await download.saveAs(proofFile);
  const roundsFile = path.join(dir, 'rounds.json');
  writeFileSync(roundsFile, await (await api.get('/api/liabilities/rounds')).text());
  const verifier = path.join(dir, 'verifier.html');
  writeFileSync(verifier, await (await api.get('/proof-of-liabilities/atlas-verify-liabilities.html')).body());

  // The offline file, with every network request of the page refused.
  const offline = await browser.newContext({ locale: 'fr-FR' });
  await offline.route('**/*', (route) =>
    route.request().url().startsWith('file:') ? route.continue() : route.abort(),
  );
  const o = await offline.newPage();
  await o.goto(`file://${verifier}`);
  await expect(o.getByRole('heading', { level: 1 })).toHaveText('Vérificateur hors ligne de la preuve de passif');
  await o.getByLabel('Tours publiés').setInputFiles(roundsFile);
  await o.getByLabel('Ma preuve').setInputFiles(proofFile);
  await o.getByLabel('Mon nonce de compte').fill(nonce);
  await o.getByRole('button', { name: 'Vérifier', exact: true }).click();
  await expect(o.getByRole('status')).toHaveText('Vérifié : votre solde est compté dans le total publié.');
  await expect(o.locator('#checks')).toContainText('Montant compté pour vous : $321.45');

  const tampered = JSON.parse(readFileSync(proofFile, 'utf8'));
  tampered.leaves[0].path[2].value += 1;
  const tamperedFile = path.join(dir, 'tampered.json');
  writeFileSync(tamperedFile, JSON.stringify(tampered));
  await o.getByLabel('Ma preuve').setInputFiles(tamperedFile);
  await o.getByRole('button', { name: 'Vérifier', exact: true }).click();
  await expect(o.getByRole('status')).toHaveText('Non vérifié.');
  await expect(o.locator('#checks')).toContainText('les chemins ne mènent pas à la racine publiée');

  // The published vectors, run by the same file.
  const vectors = JSON.parse(readFileSync('src/web/public/proof-of-liabilities/vectors.json', 'utf8')) as {
    vectors: Array<{ kind: string }>;
  };
  const n = vectors.vectors.filter((v) => v.kind === 'verify').length;
  await o.getByLabel('Ma preuve').setInputFiles('src/web/public/proof-of-liabilities/vectors.json');
  await o.getByRole('button', { name: 'Vérifier', exact: true }).click();
  await expect(o.locator('#checks')).toContainText(`${n}/${n}`);
  await expect(o.getByRole('status')).toHaveText('Vérifié : votre solde est compté dans le total publié.');

  await offline.close();
  await context.close();
  await api.dispose();
});
