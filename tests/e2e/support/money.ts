import {
  expect,
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import sharp from 'sharp';

const tag = () => Math.random().toString(36).slice(2, 8);

export interface E2EUser {
  email: string;
  password: string;
  username: string;
  firstName: string;
  lastName: string;
  uid: string;
}

export const ADMIN = { email: 'admin@atlas.test', password: 'admin-password-e2e' };
/** A second operator (dual control), created by the same CLI command. */
export const ADMIN_B = { email: 'admin2@atlas.test', password: 'admin2-password-e2e' };

export async function pngProof(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

/** Signs up through the API (the signup form has its own journey) and returns the person. */
export async function signUpViaApi(api: APIRequestContext, firstName = 'Jean', lastName = 'Dupont'): Promise<E2EUser> {
  const t = tag();
  return signUpPersonViaApi(api, {
    email: `${firstName.toLowerCase()}.${t}@example.test`,
    password: 'secret-123',
    username: `${firstName.toLowerCase()}_${t}`,
    firstName,
    lastName,
  });
}

/** Signs this person up through the API, confirms their address and signs them in. */
export async function signUpPersonViaApi(api: APIRequestContext, who: Omit<E2EUser, 'uid'>): Promise<E2EUser> {
  const res = await api.post('/api/accounts/signup', {
    data: {
      ...who,
      confirmPassword: who.password,
      birthDate: '1990-04-12',
      country: 'HT',
      phone: '34567890',
      acceptTerms: true,
      locale: 'fr',
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await confirmEmail(api, who.email);
  await login(api, who.email, who.password);
  const me = await (await api.get('/api/me')).json();
  return { ...who, uid: me.uid };
}

/**
 * Opens the confirmation link e-mailed at signup, as the person would (withdrawals and transfers
 * out need it). The test-only route reads the link from the outbox, so journeys that do not run
 * the SMTP peer can confirm too; the verification journey reads it from the peer instead.
 */
export async function confirmEmail(api: APIRequestContext, email: string): Promise<void> {
  const { url } = (await (await api.get(`/api/test/verification-link?email=${encodeURIComponent(email)}`)).json()) as {
    url: string | null;
  };
  expect(url, `no confirmation link for ${email}`).toBeTruthy();
  const link = new URL(url!);
  const opened = await api.get(link.pathname + link.search, { maxRedirects: 0 });
  expect([opened.status(), opened.headers().location]).toEqual([303, '/profile?email=verified']);
}

export async function login(api: APIRequestContext, email: string, password: string): Promise<void> {
  const res = await api.post('/api/accounts/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A browser context (cookies included) signed in as this person. */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  await login(context.request, who.email, who.password);
  return { context, page: await context.newPage() };
}

/** A page signed in as this person, at a width and in a language (its texts from the first paint). */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string },
  { width = 1280, lang = 'fr' }: { width?: number; lang?: 'fr' | 'en' | 'es' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' }[lang],
    viewport: { width, height: 900 },
  });
  await login(context.request, who.email, who.password);
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('atlas.lang', l), lang);
  return page;
}

/** Funds a user the way money really enters: a deposit with proof, approved by the operator. */
export async function fundViaDeposit(baseURL: string, userApi: APIRequestContext, amount: string): Promise<void> {
  const res = await userApi.post('/api/deposits', {
    multipart: { amount, proof: { name: 'proof.png', mimeType: 'image/png', buffer: await pngProof() } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = await res.json();
  // Above DUAL_CONTROL_FROM the first approval waits for a second operator's.
  for (const operator of [ADMIN, ADMIN_B]) {
    const admin = await request.newContext({ baseURL });
    await login(admin, operator.email, operator.password);
    const approve = await admin.post(`/api/admin/deposits/${id}/approve`);
    expect(approve.status(), await approve.text()).toBe(200);
    const { stage } = (await approve.json()) as { stage: string };
    await admin.dispose();
    if (stage === 'approved') return;
  }
  throw new Error(`deposit ${id} was not approved by two operators`);
}

/**
 * The queue card of a person's request, found by the requester's name on the card itself: another
 * card may name them too (a proof flagged as the same image as theirs).
 */
export function requestCard(page: Page, fullName: string): Locator {
  return page
    .getByTestId('request-card')
    .filter({ has: page.getByTestId('requester').getByText(fullName, { exact: true }) });
}
