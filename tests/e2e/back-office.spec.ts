import { mkdirSync } from 'node:fs';
import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { seededImage } from '../support/images';
import { walletScreenshot } from '../support/screenshots';
import { expectNoSeriousViolations, openSettled } from './support/axe';
import { ADMIN, ADMIN_B, login, pngProof, signedInPage } from './support/money';

/** Issue 17: the operator's overview, users and re-used proofs, in the browser. */

const shots = '.tmp/shots';
// Names unique to this run (a retried worker signs up again): letters only, as a last name is.
const tag = Date.now()
  .toString(26)
  .replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
const lastName = `Dürrenmatt${tag}`;
let eloise: { id: string; uid: string };
let marc: { uid: string };

async function signUp(firstName: string, lastName: string, handle: string) {
  const api = await request.newContext({ baseURL });
  const who = { email: `${handle}@example.test`, password: 'secret-123', username: handle, firstName, lastName };
  const res = await api.post('/api/accounts/signup', {
    data: {
      ...who,
      confirmPassword: who.password,
      birthDate: '1990-04-12',
      country: 'FR',
      phone: '612345678',
      acceptTerms: true,
      locale: 'fr',
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await login(api, who.email, who.password);
  const me = await (await api.get('/api/me')).json();
  return { api, id: me.id as string, uid: me.uid as string };
}

const operatorPage = (browser: Browser, width: number, lang: 'fr' | 'en' = 'fr'): Promise<Page> =>
  signedInPage(browser, baseURL, ADMIN, { width, lang });

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  // Two people; the second sends, as the proof of his deposit, a recompressed copy of the first's.
  const a = await signUp('Éloïse', lastName, `eloise_${tag}`);
  const b = await signUp('Marc', 'Copieur', `marc_${tag}`);
  eloise = { id: a.id, uid: a.uid };
  marc = { uid: b.uid };
  const original = await walletScreenshot('0.0421 BTC', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
  const sharp = (await import('sharp')).default;
  const copy = await sharp(original).resize(900).jpeg({ quality: 75 }).toBuffer();
  expect(
    (
      await a.api.post('/api/deposits', {
        multipart: { amount: '2500', proof: { name: 'proof.png', mimeType: 'image/png', buffer: original } },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await b.api.post('/api/deposits', {
        multipart: { amount: '2500', proof: { name: 'capture.jpg', mimeType: 'image/jpeg', buffer: copy } },
      })
    ).status(),
  ).toBe(201);
  await a.api.dispose();
  await b.api.dispose();
});

test('the overview follows new requests live, without a reload', async ({ browser }) => {
  const page = await operatorPage(browser, 1280);
  await openSettled(page, '/admin/overview');
  const waiting = page.getByRole('region', { name: 'En attente de validation' });
  const before = Number(/(\d+) ·/.exec((await waiting.getByText(/·/).first().textContent()) ?? '')?.[1]);
  const api = await request.newContext({ baseURL });
  await login(api, `marc_${tag}@example.test`, 'secret-123');
  const sharp = (await import('sharp')).default;
  const other = await sharp(await walletScreenshot('0.0007 BTC', 'bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3h'))
    .png()
    .toBuffer();
  expect(
    (
      await api.post('/api/deposits', {
        multipart: { amount: '7', proof: { name: 'p.png', mimeType: 'image/png', buffer: other } },
      })
    ).status(),
  ).toBe(201);
  await api.dispose();
  await expect(waiting).toContainText(`${before + 1} ·`);
  await page.context().close();
});

test('an operator finds a user by part of the name without its accents, opens the page, and sees a re-used proof flagged', async ({
  browser,
}) => {
  const page = await operatorPage(browser, 1280);
  await openSettled(page, '/admin/overview');
  // From the overview to the users, with the keyboard.
  await page.getByRole('link', { name: 'Utilisateurs' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users$/);
  // Before any search, the newest users are listed.
  await expect(page.getByRole('list', { name: 'Derniers inscrits' }).getByRole('link').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher des utilisateurs' }).fill(`durrenmatt${tag.slice(0, 4)}`);
  // The search has replaced the newest users (the same person may be in both lists).
  await expect(page).toHaveURL(/\?q=durrenmatt/);
  const result = page
    .getByRole('list', { name: 'Utilisateurs trouvés' })
    .getByRole('link', { name: new RegExp(`Éloïse ${lastName}`) });
  await expect(result).toBeVisible();
  await result.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`id=${eloise.id}`));
  await expect(page.getByRole('heading', { name: `Éloïse ${lastName}` })).toBeVisible();
  await expect(page.getByRole('definition').getByText(eloise.uid, { exact: true })).toBeVisible();
  // Her birth date as every other screen writes a date.
  await expect(page.getByRole('definition').getByText('12 avr. 1990', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dépôts et retraits' })).toContainText('$2,500.00');

  // The queue: Marc's deposit carries the warning naming Éloïse's request; both proofs open.
  await page.getByRole('link', { name: 'File de validation' }).click();
  const marcs = page.getByTestId('request-card').filter({ has: page.getByText(marc.uid, { exact: true }) });
  const card = marcs.filter({ hasText: '$2,500.00' });
  // His other deposit, a different screenshot of the same wallet app, is not flagged.
  await expect(marcs.filter({ hasText: '$7.00' })).toBeVisible();
  await expect(marcs.filter({ hasText: '$7.00' }).getByTestId('same-image')).toHaveCount(0);
  await expect(card.getByTestId('same-image')).toContainText(`Éloïse ${lastName}`);
  await expect(card.getByTestId('same-image')).toContainText(eloise.uid);
  await card.getByRole('button', { name: new RegExp(`Ouvrir la preuve de Éloïse ${lastName}`) }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: new RegExp(`Éloïse ${lastName}`) })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();
  await card.getByRole('button', { name: 'Voir la preuve' }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: /Marc Copieur/ })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();
  await page.context().close();
});

test('an operator freezes a user from their page and sees the freeze in the audit viewer', async ({ browser }) => {
  const page = await operatorPage(browser, 1280);
  await openSettled(page, `/admin/users?id=${eloise.id}`);
  const panel = page.getByRole('region', { name: 'Geler un compte' });
  // The control knows whose page it is on: her state shows without typing her UID.
  await expect(panel.getByTestId('freeze-state')).toContainText(eloise.uid);
  await expect(panel.getByTestId('freeze-state')).toContainText('Actif');
  await panel.getByRole('textbox', { name: 'Motif' }).fill('Contrôle de la preuve réutilisée');
  await panel.getByRole('button', { name: 'Geler le compte' }).click();
  await expect(panel.getByTestId('freeze-state')).toContainText('Gelé depuis le');
  // The user's own trail shows it at once, newest first.
  const trail = page.getByRole('list', { name: 'Journal de cet utilisateur' });
  await expect(trail.getByRole('listitem').first()).toContainText('user.freeze');

  // The audit viewer, reached with the keyboard from the navigation, filtered on her UID and the action.
  await page.getByRole('navigation').getByRole('link', { name: 'Journal d’audit', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await page.getByRole('textbox', { name: 'Cible' }).fill(eloise.uid);
  await page.getByRole('textbox', { name: 'Action' }).fill('user.freeze');
  await page.getByRole('textbox', { name: 'Action' }).press('Enter');
  const rows = page.getByRole('list', { name: 'Lignes du journal' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('user.freeze');
  await expect(rows.first()).toContainText(eloise.uid);
  await expect(rows.first()).toContainText('Réussi');
  await rows.first().getByText('Avant / après').click();
  await expect(rows.first()).toContainText('Contrôle de la preuve réutilisée');
  // The export carries the same filter and the page's language.
  await expect(page.getByRole('link', { name: 'Exporter en CSV' })).toHaveAttribute(
    'href',
    new RegExp(`target=${eloise.uid}.*lang=fr|lang=fr.*target=${eloise.uid}`),
  );
  await expect(page.getByTestId('seals-verification')).toBeVisible();
  // Days that end before they start are refused on the end day, and the filter cannot be applied.
  await page.locator('input[name="from"]').fill('02/01/2030');
  await page.locator('input[name="to"]').fill('01/01/2030');
  await expect(page.locator('input[name="to"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByRole('alert').filter({ hasText: 'La date de fin ne peut pas précéder la date de début.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filtrer' })).toBeDisabled();
  // The same range from the address: said on the end day, and nothing is offered for export.
  await page.goto('/admin/audit?from=2030-01-02&to=2030-01-01');
  await expect(page.locator('input[name="to"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('link', { name: 'Exporter en CSV' })).toBeHidden();

  // Unfrozen again, so that the other journeys see an ordinary account.
  await openSettled(page, `/admin/users?id=${eloise.id}`);
  await panel.getByRole('textbox', { name: 'Motif' }).fill('Preuve expliquée');
  await panel.getByRole('button', { name: 'Dégeler le compte' }).click();
  await expect(panel.getByTestId('freeze-state')).toContainText('Actif');
  await page.context().close();
});

test("an operator arriving on a person's page sees the decisions taken about her, by whom, with a link to each item", async ({
  browser,
}) => {
  // Two widths, the axe check at each and the English page: more than the default minute on a busy machine.
  test.slow();
  // Inès: her identity refused by Claire, a $6,000 deposit approved by Claire then Marc (dual control), a small one refused by Marc.
  const ines = await signUp('Inès', `Décision${tag}`, `ines_${tag}`);
  const fullName = `Inès Décision${tag}`;
  const images = Object.fromEntries(
    await Promise.all(
      ['front', 'back', 'selfie', 'address'].map(async (slot, i) => [
        slot,
        { name: `${slot}.png`, mimeType: 'image/png', buffer: await seededImage(Date.now() + i) },
      ]),
    ),
  );
  const filed = await ines.api.post('/api/identity', {
    multipart: { documentType: 'id_card', documentNumber: 'IN460006', documentExpiry: '2032-01-01', ...images },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const identityId = (await filed.json()).current.id as string;
  const deposit = async (amount: string) => {
    const res = await ines.api.post('/api/deposits', {
      multipart: { amount, proof: { name: 'proof.png', mimeType: 'image/png', buffer: await pngProof() } },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  };
  const big = await deposit('6000');
  const small = await deposit('20');
  const claire = await request.newContext({ baseURL });
  await login(claire, ADMIN.email, ADMIN.password);
  const marcOp = await request.newContext({ baseURL });
  await login(marcOp, ADMIN_B.email, ADMIN_B.password);
  for (const [who, url, data] of [
    [claire, `/api/admin/identities/${identityId}/reject`, { reason: 'identity_document_unreadable' }],
    [claire, `/api/admin/deposits/${big}/approve`, {}],
    [marcOp, `/api/admin/deposits/${big}/approve`, {}],
    [marcOp, `/api/admin/deposits/${small}/reject`, { reason: 'proof_unreadable' }],
  ] as const) {
    const res = await who.post(url, { data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  }
  await Promise.all([claire.dispose(), marcOp.dispose(), ines.api.dispose()]);

  for (const width of [1280, 390]) {
    const page = await operatorPage(browser, width);
    await openSettled(page, `/admin/users?id=${ines.id}`);
    const trail = page.getByRole('list', { name: 'Journal de cet utilisateur' });
    const rows = trail.getByRole('listitem');
    // Newest first: Marc's refusal of the small deposit, his second approval, Claire's first, her refusal of the identity.
    await expect(rows.first()).toContainText('Dépôt refusé');
    await expect(rows.first()).toContainText('Marc Petit · admin2@atlas.test');
    await expect(rows.first()).toContainText(`Concerne ${fullName} · ines_${tag}@example.test`);
    const second = rows.filter({ hasText: 'Seconde validation du dépôt' });
    await expect(second).toContainText('Par Marc Petit · admin2@atlas.test');
    const first = rows.filter({ hasText: 'Première validation du dépôt' });
    await expect(first).toContainText('Par Claire Martin · admin@atlas.test');
    const identity = rows.filter({ hasText: 'Identité refusée' });
    await expect(identity).toContainText('identity.reject');
    await expect(identity).toContainText('Sur vérification d’identité');
    await expect(identity).toContainText(`Concerne ${fullName}`);
    // Her own sign-in is still there, after the decisions.
    await expect(rows.filter({ hasText: 'auth.sign_in' }).first()).toBeVisible();
    await page.screenshot({ path: `${shots}/user-trail-fr-${width}.png`, fullPage: true });
    await expectNoSeriousViolations(page);
    if (width === 390) {
      // The identity row leads to that verification's own trail on the audit page, which names her too.
      await identity.getByRole('link', { name: `Journal de la vérification d’identité ${identityId}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/audit\\?target=${identityId}`));
      const only = page.getByRole('list', { name: 'Lignes du journal' }).getByRole('listitem');
      await expect(only).toHaveCount(1);
      await expect(only.first()).toContainText('Identité refusée');
      await expect(only.first()).toContainText(`Concerne ${fullName}`);
      await page.screenshot({ path: `${shots}/identity-trail-fr-${width}.png`, fullPage: true });
    }
    await page.context().close();
  }
  const en = await operatorPage(browser, 1280, 'en');
  await openSettled(en, `/admin/users?id=${ines.id}`, 'en');
  await expect(
    en.getByRole('list', { name: "This user's trail" }).getByRole('listitem').filter({ hasText: 'Identity rejected' }),
  ).toContainText(`About ${fullName}`);
  await en.screenshot({ path: `${shots}/user-trail-en-1280.png`, fullPage: true });
  await en.context().close();
});

for (const width of [1280, 390]) {
  test(`the new screens have no serious axe violation at ${width} px (and their screenshots, FR and EN)`, async ({
    browser,
  }) => {
    // Five screens in two languages, each scanned by axe and captured whole: about 40 s on a quiet machine.
    test.slow();
    for (const lang of ['fr', 'en'] as const) {
      const page = await operatorPage(browser, width, lang);
      const screens: Array<[string, string]> = [
        ['overview', '/admin/overview'],
        ['users', `/admin/users?q=${encodeURIComponent(lastName.toLowerCase())}`],
        ['user', `/admin/users?id=${eloise.id}`],
        ['audit', '/admin/audit'],
        ['queue', '/admin'],
      ];
      for (const [name, path] of screens) {
        await openSettled(page, path, lang);
        if (name === 'users') await expect(page.getByRole('link', { name: new RegExp(lastName) })).toBeVisible();
        if (name === 'user')
          await expect(page.getByRole('heading', { name: lang === 'fr' ? 'Relevé' : 'Statement' })).toBeVisible();
        if (name === 'user') await expect(page.getByTestId('freeze-state')).toContainText(eloise.uid);
        if (name === 'audit') await expect(page.getByTestId('audit-rows').getByRole('listitem').first()).toBeVisible();
        await page.screenshot({ path: `${shots}/${name}-${lang}-${width}.png`, fullPage: true });
        if (lang === 'fr') await expectNoSeriousViolations(page);
      }
      await page.context().close();
    }
  });
}
