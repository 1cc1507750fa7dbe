import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, request, test } from '@playwright/test';
import { ADMIN, fundViaDeposit, signedInContext, signUpViaApi } from './support/money';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-${port}`;
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * What the chain watcher writes when a credited payment's block leaves the best chain (decision 058).
 * The journeys' server follows no chain: the row is written into its database, as the watcher would.
 */
function raiseHold(userId: string): void {
  const db = new Database(path.join(dataDir, 'atlas.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `insert into chain_hold (coin, txid, vout, user_id, block_hash, raised_at, released_at, released_by)
       values ('BTC', ?, 0, ?, ?, ?, null, null)`,
    ).run('5e'.repeat(32), userId, '00000000000000000002'.padEnd(64, 'a'), new Date().toISOString());
  } finally {
    db.close();
  }
}

test('a deposit that left the blockchain: the investor sees why withdrawals are paused, an operator releases the hold', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const api = await request.newContext({ baseURL });
  const who = await signUpViaApi(api, 'Lucie', 'Bernard');
  await fundViaDeposit(baseURL!, api, '200.00');
  const { id } = (await (await api.get('/api/me')).json()) as { id: string };
  await api.dispose();
  raiseHold(id);

  // The investor: a notice instead of a form that would fail.
  const investor = await signedInContext(browser, baseURL!, who);
  await investor.page.goto('/withdraw');
  const notice = investor.page.getByTestId('withdraw-chain-hold');
  await expect(notice.getByRole('heading', { name: 'Vos retraits sont suspendus' })).toBeVisible();
  await expect(notice).toContainText('La transaction d’un de vos dépôts a quitté la blockchain');
  await expect(notice).toContainText('Un opérateur vérifie la situation\u00a0;');
  await expect(investor.page.getByRole('button', { name: 'Demander le retrait' })).toHaveCount(0);

  // The operator: the alert on the queue and the overview, released from the person's page with a note.
  const admin = await signedInContext(browser, baseURL!, ADMIN);
  await admin.page.goto('/admin');
  const queueAlert = admin.page.getByTestId('chain-holds');
  await expect(queueAlert.getByRole('heading', { name: 'Retenues blockchain' })).toBeVisible();
  await expect(queueAlert).toContainText('1 retenue ouverte');
  await expect(queueAlert.getByTestId('chain-hold').filter({ hasText: 'Lucie Bernard' })).toBeVisible();
  await admin.page.goto('/admin/overview');
  await expect(admin.page.getByTestId('chain-holds')).toContainText('Lucie Bernard');
  await admin.page.goto(`/admin/users?id=${encodeURIComponent(id)}`);
  const onPage = admin.page.getByTestId('user-chain-holds');
  await expect(onPage.getByRole('heading', { name: 'Retraits suspendus par une retenue blockchain' })).toBeVisible();
  await expect(onPage).toContainText('5e'.repeat(32));
  await onPage.getByRole('button', { name: 'Lever la retenue' }).click();
  await expect(onPage.getByText('Écrivez une note avant de lever la retenue.')).toBeVisible();
  await onPage
    .getByLabel('Note (obligatoire)')
    .fill('Transaction revenue dans le bloc suivant, vérifiée sur deux explorateurs.');
  await onPage.getByRole('button', { name: 'Lever la retenue' }).click();
  await expect(
    admin.page.getByText('Retenue levée\u00a0: les retraits de cette personne sont de nouveau acceptés.'),
  ).toBeVisible();
  await expect(onPage).toHaveCount(0);
  await admin.context.close();

  // The investor withdraws again.
  await investor.page.reload();
  await expect(investor.page.getByTestId('withdraw-chain-hold')).toHaveCount(0);
  await investor.page.getByLabel('Montant (USD)').fill('50,00');
  await investor.page.getByLabel('Adresse de retrait').fill(BTC);
  await investor.page.getByRole('button', { name: 'Demander le retrait' }).click();
  await expect(investor.page.getByText('Demande de retrait soumise avec succès ! Redirection...')).toBeVisible();
  await investor.context.close();
});
