import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { cookieFrom, createUser } from '../support/users';
import { tamper } from '../support/tamper';
import { SESSION_DAYS } from '../../src/server/modules/accounts/auth';

const DAY = 24 * 3600 * 1000;
/** One cookie's raw value in a Cookie header (the test's own reading, independent of the server's parser). */
const readCookie = (header: string, name: string) =>
  decodeURIComponent(new RegExp(`(?:^|;\\s*)${name.replace('.', '\\.')}=([^;]*)`).exec(header)![1]!);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
/** The signed-in user's id, or null for a visitor (whatever status /api/me uses for visitors). */
const callerOf = async (cookie: string) => {
  const res = await me(cookie);
  return res.statusCode === 200 ? ((res.json() as { id?: string } | null)?.id ?? null) : null;
};
const tokenOf = (cookie: string) => readCookie(cookie, 'atlas.session_token')!.split('.')[0]!;
const sessionRow = (token: string) =>
  t.ctx.db.selectFrom('session').select(['expiresAt']).where('token', '=', token).executeTakeFirst();
const setExpiry = (token: string, at: number) =>
  t.ctx.db
    .updateTable('session')
    .set({ expiresAt: new Date(at).toISOString() })
    .where('token', '=', token)
    .execute();

describe('session resolution on every request', () => {
  it('answers a valid session without touching its cookie', async () => {
    const u = await createUser(t);
    const res = await me(u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(u.id);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a cookie whose signature was tampered with, or that is not signed', async () => {
    const u = await createUser(t);
    const value = readCookie(u.cookie, 'atlas.session_token')!;
    const [token, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)];
    const flipped = tamper(signature!);
    for (const bad of [`${token}.${flipped}`, token, `${token}.`, `x${token}.${signature}`, '%E0%A4%A']) {
      expect(await callerOf(`atlas.session_token=${encodeURIComponent(bad)}`), bad).toBeNull();
    }
  });

  it('stops a signed-out session at once (no cache)', async () => {
    const u = await createUser(t);
    expect(await callerOf(u.cookie)).toBe(u.id);
    await t.ctx.db.deleteFrom('session').where('token', '=', tokenOf(u.cookie)).execute();
    expect(await callerOf(u.cookie)).toBeNull();
  });

  it('refuses an expired session, clears its cookie and deletes the row', async () => {
    const u = await createUser(t);
    const token = tokenOf(u.cookie);
    await setExpiry(token, Date.now() - 1000);
    const res = await me(u.cookie);
    expect(res.statusCode === 401 || res.json() === null).toBe(true);
    const cleared = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('atlas.session_token='));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('extends a session used after a day, with a new cookie expiry, and keeps it working', async () => {
    const u = await createUser(t);
    const token = tokenOf(u.cookie);
    // Created a little over a day ago: due for its daily extension.
    const before = Date.now() + SESSION_DAYS * DAY - DAY - 60_000;
    await setExpiry(token, before);
    const res = await me(u.cookie);
    expect(res.statusCode).toBe(200);
    const renewed = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('atlas.session_token='));
    expect(renewed).toMatch(/Max-Age=604800/i);
    const after = new Date((await sessionRow(token))!.expiresAt).getTime();
    expect(after - before).toBeGreaterThan(DAY - 5_000);
    const again = await me(cookieFrom(renewed));
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('sees a role change on the next request', async () => {
    const u = await createUser(t);
    const queue = () => t.app.inject({ method: 'GET', url: '/api/admin/deposits', headers: { cookie: u.cookie } });
    expect((await queue()).statusCode).toBe(403);
    await t.ctx.db.updateTable('user').set({ role: 'admin' }).where('id', '=', u.id).execute();
    expect((await queue()).statusCode).toBe(200);
  });
});

describe('order of checks', () => {
  it('refuses a visitor before reading the body: 401, not a validation error', async () => {
    for (const [method, url] of [
      ['POST', '/api/transfers'],
      ['POST', '/api/investments'],
      ['POST', '/api/withdrawals'],
      ['POST', '/api/admin/deposits/x/reject'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: { amount: 'not money', nonsense: true } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code, url).toBe('unauthorized');
    }
  });
});

describe('the session cookie among others', () => {
  it('is found by its exact name and URL-decoded', async () => {
    const u = await createUser(t);
    const value = readCookie(u.cookie, 'atlas.session_token');
    expect(await callerOf(`a=1; atlas.session_token=${encodeURIComponent(value)}; b=2`)).toBe(u.id);
    expect(await callerOf(`xatlas.session_token=${encodeURIComponent(value)}`)).toBeNull();
    expect(await callerOf('a=1')).toBeNull();
  });
});
