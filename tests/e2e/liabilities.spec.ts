import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { fundViaDeposit, signedInContext, signUpViaApi } from './support/money';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-${port}`;
const dist = process.env.ATLAS_DIST ?? 'dist';

/**
 * A round, published by the operator's command against the journeys' server's database, with the
 * BTC price of the server's stand-in provider (a crypto investment needs one, decision 052).
 */
function publishRound(): void {
  execFileSync(process.execPath, [`${dist}/server/cli.js`, 'liabilities-round'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BTC_PRICE_URL: `http://127.0.0.1:${port}/api/test/btc-price`,
    },
    stdio: 'pipe',
  });
}

/** Sets the stand-in provider's price and waits until the app quotes it. */
async function setBtcPrice(api: APIRequestContext, amount: string) {
  await expect(async () => {
    const res = await api.post('/api/test/btc-price', { data: { amount } });
    expect(res.status(), await res.text()).toBe(200);
    expect((await (await api.get('/api/market/btc')).json()).price).toBe(amount);
  }).toPass({ timeout: 15_000 });
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
  // The key an investor pins in the verifiers, and its fingerprint in groups of four.
  const platformKey = (await page.getByTestId('platform-key').textContent())!.trim();
  const fingerprint = (await page.getByTestId('platform-key-fingerprint').textContent())!.trim();
  expect(platformKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);

  await page.goto('/profile');
  const nonce = (await page.getByTestId('account-nonce').textContent())!.trim();
  expect(nonce).toMatch(/^[0-9a-f]{64}$/);

  await page.goto('/portfolio');
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Vérifier mon solde' }) });
  // What a round counts, the held part included, is on the page.
  await expect(card.getByTestId('verify-counts')).toContainText(
    'le retenu pour retraits en cours ($0.00) : $321.45 aujourd',
  );
  // An older round can be checked too, not only the latest.
  publishRound();
  await page.reload();
  const roundsNow = ((await (await api.get('/api/liabilities/rounds')).json()) as { rounds: Array<{ round: number }> })
    .rounds;
  const older = roundsNow[1]!.round;
  await card.getByLabel('Tour à vérifier').selectOption(String(older));
  await card.getByRole('button', { name: 'Vérifier mon solde' }).click();
  await expect(page.getByTestId('verify-balance-result')).toContainText(
    `Vérifié : $321.45 sont comptés pour vous dans le tour ${older}.`,
  );
  await card.getByLabel('Tour à vérifier').selectOption({ index: 0 });
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
  const keyField = o.getByLabel('Clé publique de la plateforme ou son empreinte', { exact: false });
  // Without a pinned key nothing is believed.
  await o.getByRole('button', { name: 'Vérifier', exact: true }).click();
  await expect(o.getByRole('status')).toHaveText('Non vérifié.');
  await expect(o.locator('#checks')).toContainText('Indiquez la clé publique de la plateforme ou son empreinte');
  await keyField.fill(fingerprint);
  await o.getByRole('button', { name: 'Vérifier', exact: true }).click();
  await expect(o.getByRole('status')).toHaveText('Vérifié : votre solde est compté dans le total publié.');
  await expect(o.locator('#checks')).toContainText('Montant compté pour vous : $321.45');
  await expect(o.locator('#checks')).toContainText(
    `signé par la clé de la plateforme que vous avez indiquée (${platformKey}`,
  );

  // The expected amount is read as the French write it; one cent off, or unreadable, is never "Vérifié".
  const expectedField = o.getByLabel('Montant attendu', { exact: false });
  for (const typed of ['1 484,60', '1\u00a0484,60', '1484,60']) {
    await expectedField.fill(typed);
    await o.getByRole('button', { name: 'Vérifier', exact: true }).click();
    await expect(o.getByRole('status')).toHaveText('Non vérifié.');
    await expect(o.locator('#checks')).toContainText("le montant compté ($321.45) n'est pas celui attendu ($1,484.60)");
  }
  await expectedField.fill('32 1,45');
  await o.getByRole('button', { name: 'Vérifier', exact: true }).click();
  await expect(o.getByRole('status')).toHaveText('Non vérifié.');
  await expect(o.locator('#checks')).toContainText('Le montant attendu « 32 1,45 » ne peut pas être lu');
  await expectedField.fill('321,45');
  await o.getByRole('button', { name: 'Vérifier', exact: true }).click();
  await expect(o.getByRole('status')).toHaveText('Vérifié : votre solde est compté dans le total publié.');
  await expectedField.fill('');

  // The same rounds re-signed by a stranger, same root and total, naming the stranger's key: refused.
  const stranger = generateKeyPairSync('ed25519');
  const strangerKey = stranger.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64url');
  const genuine = JSON.parse(readFileSync(roundsFile, 'utf8')) as {
    publicKey: string;
    rounds: Array<{ statement: string; signature: string; publicKey: string }>;
  };
  const resigned = {
    ...genuine,
    publicKey: strangerKey,
    rounds: genuine.rounds.map((r) => ({
      ...r,
      publicKey: strangerKey,
      signature: sign(null, Buffer.from(r.statement), stranger.privateKey).toString('base64url'),
    })),
  };
  const resignedFile = path.join(dir, 'rounds-resigned.json');
  writeFileSync(resignedFile, JSON.stringify(resigned));
  await o.getByLabel('Tours publiés').setInputFiles(resignedFile);
  for (const pin of [fingerprint, platformKey]) {
    await keyField.fill(pin);
    await o.getByRole('button', { name: 'Vérifier', exact: true }).click();
    await expect(o.getByRole('status')).toHaveText('Non vérifié.');
    await expect(o.locator('#checks')).toContainText(`est signé par la clé ${strangerKey} (empreinte`);
    await expect(o.locator('#checks')).toContainText(
      'pas par la clé de la plateforme que vous avez indiquée : refusé.',
    );
  }
  await o.getByLabel('Tours publiés').setInputFiles(roundsFile);

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
  const n = vectors.vectors.filter((v) => v.kind === 'verify' || v.kind === 'round').length;
  await o.getByLabel('Ma preuve').setInputFiles('src/web/public/proof-of-liabilities/vectors.json');
  await o.getByRole('button', { name: 'Vérifier', exact: true }).click();
  await expect(o.locator('#checks')).toContainText(`${n}/${n}`);
  await expect(o.locator('#checks')).toContainText('reject round: re-signed by a stranger, same root and total');
  await expect(o.getByRole('status')).toHaveText('Vérifié : votre solde est compté dans le total publié.');

  await offline.close();
  await context.close();
  await api.dispose();
});

test('the public page words the watermark and the height, links the rounds file and each signed statement, and nothing overflows at 390 px', async ({
  browser,
  baseURL,
}) => {
  const api = await request.newContext({ baseURL });
  const list = (await (await api.get('/api/liabilities/rounds')).json()) as {
    rounds: Array<{ round: number; statement: string; signature: string; publicKey: string; watermark: string }>;
  };
  if (list.rounds.length === 0) {
    await signUpViaApi(api, 'Louise', 'Public');
    await fundViaDeposit(baseURL!, api, '12.34');
    publishRound();
  }
  const newest = ((await (await api.get('/api/liabilities/rounds')).json()) as typeof list).rounds[0]!;
  const entry = /^entry (\d+)/.exec(newest.watermark)![1]!;

  for (const lang of ['fr', 'en'] as const) {
    const context = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
    await context.addCookies([{ name: 'atlas.lang', value: lang, url: baseURL! }]);
    await context.addInitScript((l) => localStorage.setItem('atlas.lang', l), lang);
    const page = await context.newPage();
    await page.goto('/preuve-de-passif');
    const table = page.getByTestId('liability-rounds');
    await expect(table).toBeVisible();
    const row = table.locator('tbody tr').first();
    if (lang === 'fr') {
      await expect(row).toContainText(`écriture n° ${entry}`);
      await expect(row).not.toContainText('entry');
      await expect(row).toContainText(/jusqu.à [\d\s]+ investisseurs/);
      await expect(page.getByTestId('height-help')).toContainText("Le nombre exact n'est pas publié");
    } else {
      await expect(row).toContainText(`entry no. ${entry}`);
      await expect(row).toContainText(/up to [\d,]+ investors/);
      await expect(page.getByTestId('height-help')).toContainText('The exact number is not published');
    }
    // The rounds file both verifiers need, and each round's signed statement, from the page.
    const roundsLink = page.getByRole('link', {
      name: lang === 'fr' ? 'Télécharger les tours publiés (JSON)' : 'Download the published rounds (JSON)',
    });
    await expect(roundsLink).toHaveAttribute('href', '/api/liabilities/rounds');
    await expect(roundsLink).toHaveAttribute('download', 'atlas-liabilities-rounds.json');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('round-statement').click()]);
    const statement = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Record<string, string>;
    expect(statement).toEqual({
      statement: newest.statement,
      signature: newest.signature,
      publicKey: newest.publicKey,
    });
    await page.screenshot({ path: `.tmp/shots/liabilities-page-${lang}-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('liability-round-cards')).toBeVisible();
    await expect(page.getByTestId('platform-key')).toBeVisible();
    // Nothing sticks out of the screen: no element's right edge past the viewport (a clipped line counts too).
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.right > window.innerWidth + 0.5;
        })
        .map(
          (e) => `${e.tagName} ${(e.textContent ?? '').slice(0, 30)} → ${Math.round(e.getBoundingClientRect().right)}`,
        ),
    );
    expect(overflowing).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `.tmp/shots/liabilities-page-${lang}-390.png`, fullPage: true });
    await context.close();
  }

  // An investor owed nothing in the round gets the platform's signed statement saying so, to keep.
  const nobody = await signUpViaApi(api, 'Nadia', 'Zero');
  const { context, page } = await signedInContext(browser, baseURL!, nobody);
  await page.goto('/portfolio');
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Vérifier mon solde' }) });
  await card.getByRole('button', { name: 'Vérifier mon solde' }).click();
  await expect(page.getByTestId('verify-balance-result')).toContainText('Rien ne vous était dû au tour');
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: "Télécharger l'attestation signée (JSON)" }).click(),
  ]);
  const nothing = JSON.parse(readFileSync((await saved.path())!, 'utf8')) as Record<string, string>;
  expect(JSON.parse(nothing.statement!)).toMatchObject({ format: 'atlas-nothing-owed/1', owed: 0 });
  expect(nothing.signature).toMatch(/^[\w-]+$/);
  expect(nothing.publicKey).toBe(newest.publicKey);
  await context.close();
  await api.dispose();
});

test('a crypto investment is counted at what stopping it would credit: BTC up 10 %, the round counts $1,100.00 and states the price', async ({
  browser,
  baseURL,
}) => {
  const api = await request.newContext({ baseURL });
  const person = await signUpViaApi(api, 'Bastien', 'Crypto');
  await fundViaDeposit(baseURL!, api, '1000.00');
  // The price is put back for the journeys after this one, whatever happens here.
  await setBtcPrice(api, '65000.00');
  const res = await api.post('/api/investments', { data: { area: 'crypto', amount: '1000.00' } });
  expect(res.status(), await res.text()).toBe(201);
  await setBtcPrice(api, '71500.00');
  try {
    publishRound();
    await expectCountedAtStopValue();
  } finally {
    await setBtcPrice(api, '65000.00');
    await api.dispose();
  }

  async function expectCountedAtStopValue() {
    const newest = (
      (await (await api.get('/api/liabilities/rounds')).json()) as { rounds: Array<Record<string, unknown>> }
    ).rounds[0]!;
    expect(newest).toMatchObject({ btcPrice: 7_150_000 });
    expect(JSON.parse(newest.statement as string)).toMatchObject({
      format: 'atlas-liabilities-round/2',
      btcPrice: 7_150_000,
      btcPriceAt: newest.btcPriceAt,
    });

    const { context, page } = await signedInContext(browser, baseURL!, person);
    await page.goto('/preuve-de-passif');
    const explained = page.getByTestId('liabilities-valuation');
    await expect(explained.getByRole('heading', { name: 'Comment vos investissements sont comptés' })).toBeVisible();
    await expect(explained).toContainText(
      "Un investissement est compté pour ce que son arrêt vous créditerait au moment de l'instantané",
    );
    await expect(explained).toContainText("le tour est reporté\u00a0: il n'est jamais compté");
    const row = page.getByTestId('liability-rounds').locator('tbody tr').first();
    await expect(row.getByTestId('round-btc-price')).toContainText(/^\$71,500\.00, prix du /);
    await explained.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/shots/liabilities-valuation-fr-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('liability-round-cards').getByTestId('round-btc-price').first()).toContainText(
      '$71,500.00',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await explained.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/shots/liabilities-valuation-fr-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // On /portfolio: what a round counts names the investment at its value, and the proof counts it so.
    await page.goto('/portfolio');
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Vérifier mon solde' }) });
    await expect(card.getByTestId('verify-counts')).toContainText(
      'vos investissements à ce que leur arrêt créditerait ($1,100.00)',
    );
    await card.getByRole('textbox').fill('1 100,00');
    await card.getByRole('button', { name: 'Vérifier mon solde' }).click();
    await expect(page.getByTestId('verify-balance-result')).toContainText('Vérifié : $1,100.00 sont comptés pour vous');
    await context.close();
  }
});
