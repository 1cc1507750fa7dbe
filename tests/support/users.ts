import { randomBytes } from 'node:crypto';
import type { TestApp } from './app';
import type { AccountsService } from '../../src/server/modules/accounts/accounts.service';

export interface TestUser {
  id: string;
  uid: string;
  email: string;
  username: string;
  password: string;
  fullName: string;
  /** The Cookie header value to send: `app.inject({ headers: { cookie } })`. */
  cookie: string;
}

type Overrides = Partial<{
  email: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  country: string;
  locale: 'fr' | 'en' | 'es';
  phone: string;
}>;

const phones: Record<string, string> = { HT: '34567890', FR: '0612345678', US: '2025550143', ES: '612345678' };

/** "name=value" pairs of every Set-Cookie header, joined as a Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export function signupBody(overrides: Overrides = {}) {
  const tag = randomBytes(4).toString('hex');
  const country = overrides.country ?? 'HT';
  return {
    firstName: overrides.firstName ?? 'Marie',
    lastName: overrides.lastName ?? `Test${tag}`,
    username: overrides.username ?? `user_${tag}`,
    email: overrides.email ?? `user.${tag}@example.test`,
    password: overrides.password ?? 'password-123',
    confirmPassword: overrides.password ?? 'password-123',
    birthDate: '1990-04-12',
    country,
    phone: overrides.phone ?? phones[country] ?? '34567890',
    acceptTerms: true,
    locale: overrides.locale ?? 'fr',
  };
}

/** A fresh client address, so that helpers never share the per-IP attempt limits. */
export function someIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export async function login(
  t: TestApp,
  email: string,
  password: string,
  path = '/api/accounts/login',
): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: path, payload: { email, password }, remoteAddress: someIp() });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res.headers['set-cookie']);
}

async function me(
  t: TestApp,
  cookie: string,
): Promise<{ id: string; uid: string; username: string; fullName: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`GET /api/me failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The newest confirmation link in the outbox for this address, as a path to inject. */
export async function verificationPath(t: TestApp, email: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('email_outbox')
    .select('params')
    .where('to_address', '=', email.toLowerCase())
    .where('template', '=', 'email_verification')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error(`no confirmation e-mail for ${email}`);
  const url = new URL((JSON.parse(row.params) as { url: string }).url);
  return `${url.pathname}${url.search}`;
}

/** Opens the e-mailed confirmation link, as the person would. */
export async function confirmEmail(t: TestApp, email: string): Promise<void> {
  const res = await t.app.inject({ method: 'GET', url: await verificationPath(t, email), remoteAddress: someIp() });
  if (res.statusCode !== 303 || res.headers.location !== '/profile?email=verified')
    throw new Error(`confirmation failed: ${res.statusCode} ${res.headers.location}`);
}

/**
 * Signs up through the real HTTP signup, opens the confirmation link of the e-mail (withdrawals and
 * transfers out need it; `verified: false` leaves the address unconfirmed), then signs in.
 */
export async function createUser(t: TestApp, overrides: Overrides & { verified?: boolean } = {}): Promise<TestUser> {
  const body = signupBody(overrides);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/signup',
    payload: body,
    remoteAddress: someIp(),
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  if (overrides.verified !== false) await confirmEmail(t, body.email);
  const cookie = await login(t, body.email, body.password);
  const profile = await me(t, cookie);
  return {
    id: profile.id,
    uid: profile.uid,
    email: body.email.toLowerCase(),
    username: profile.username,
    password: body.password,
    fullName: profile.fullName,
    cookie,
  };
}

/** A normal signup promoted to the operator role (as `npm run admin -- create` does), signed in. */
export async function createAdmin(t: TestApp, overrides: Overrides = {}): Promise<TestUser> {
  const user = await createUser(t, overrides);
  const accounts: AccountsService = t.app.services.accounts.accounts;
  await accounts.createOrPromoteAdmin(user.email, user.password);
  // The role is read from the database on every request; the same session now is an admin's.
  return user;
}

/** An HTTP call as `who` (their session cookie) or anonymously: method, path, body, extra headers. */
export type CallArgs = [
  who: TestUser | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
];

export function callAs(t: TestApp, ...[who, method, url, payload, headers = {}]: CallArgs) {
  return t.app.inject({
    method,
    url,
    payload: payload as never,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
  });
}
