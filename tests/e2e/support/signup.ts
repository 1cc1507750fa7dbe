import type { Page } from '@playwright/test';

/** An adult's birth date and a valid Haitian number: the defaults of a correct signup. */
export async function fillValidSignup(page: Page, who: { username: string; email: string; password: string }) {
  await page.getByLabel('Prénom').fill('Marie');
  await page.getByLabel('Nom', { exact: true }).fill('Joseph');
  await page.getByLabel("Nom d'utilisateur").fill(who.username);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(who.password);
  await page.getByLabel('Confirmer le mot de passe').fill(who.password);
  await page.getByLabel('Date de naissance').fill('12/04/1990');
  await page.getByLabel('Téléphone').fill('34 56 7890');
  await page.getByLabel(/J'accepte les/).check();
}
