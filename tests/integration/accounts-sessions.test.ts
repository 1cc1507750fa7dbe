import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { cookieFrom, createAdmin, createUser, login, someIp } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: object = {}, cookie?: string, remoteAddress = someIp()) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress });
const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });
/** /api/me answers 200 with null once a session is gone (a visitor), the profile while it lives. */
const signedOut = async (cookie: string) => {
  const res = await me(cookie);
  return res.statusCode === 200 && res.json() === null;
};

describe('login', () => {
  it('asks for both fields (Veuillez remplir tous les champs)', async () => {
    for (const body of [{}, { email: 'a@b.c' }, { password: 'x' }]) {
      const res = await post('/api/accounts/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('login_fields_required');
    }
  });

  it('refuses a wrong password or an unknown email with the same code', async () => {
    const u = await createUser(t);
    for (const body of [
      { email: u.email, password: 'wrong-password' },
      { email: 'nobody@example.test', password: u.password },
    ]) {
      const res = await post('/api/accounts/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_credentials');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('sets an HttpOnly SameSite session cookie, not Secure on http', async () => {
    const u = await createUser(t);
    const res = await post('/api/accounts/login', { email: u.email.toUpperCase(), password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: false });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c!.startsWith('atlas.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(res.body).not.toContain(cookie.split(';')[0]!.split('=')[1]);
  });

  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://invest.example.com' });
    try {
      const u = await createUser(secure);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { email: u.email, password: u.password },
        remoteAddress: someIp(),
      });
      const cookies = [res.headers['set-cookie']].flat().filter(Boolean) as string[];
      expect(cookies.some((c) => c.startsWith('__Secure-atlas.session_token='))).toBe(true);
      for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
    } finally {
      await secure.close();
    }
  });
});

describe('session and logout', () => {
  it('answers null from /api/me to a visitor, and 401 unauthorized on personal routes', async () => {
    const res = await me();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    const sessions = await t.app.inject({ method: 'GET', url: '/api/accounts/sessions' });
    expect(sessions.statusCode).toBe(401);
    expect(sessions.json()).toEqual({ error: { code: 'unauthorized', params: {} } });
  });

  it('returns the profile with level and money from /api/me', async () => {
    const u = await createUser(t);
    const res = await me(u.cookie);
    expect(res.json()).toMatchObject({
      uid: u.uid,
      username: u.username,
      isAdmin: false,
      level: 'beginner',
      totalInvested: '0.00',
      balance: '0.00',
      twoFactorEnabled: false,
      locale: 'fr',
    });
  });

  it('logout ends the session on the server', async () => {
    const u = await createUser(t);
    const res = await post('/api/accounts/logout', {}, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(await signedOut(u.cookie)).toBe(true);
  });

  it('lists sessions, signs out the others, then everywhere', async () => {
    const u = await createUser(t);
    const second = await login(t, u.email, u.password);
    const third = await login(t, u.email, u.password);
    const list = await t.app.inject({ method: 'GET', url: '/api/accounts/sessions', headers: { cookie: u.cookie } });
    const sessions = list.json().sessions as Array<{ current: boolean }>;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    expect((await post('/api/accounts/sessions/revoke-others', {}, third)).statusCode).toBe(200);
    expect((await me(third)).statusCode).toBe(200);
    expect(await signedOut(u.cookie)).toBe(true);
    expect(await signedOut(second)).toBe(true);

    const fourth = await login(t, u.email, u.password);
    expect((await post('/api/accounts/sessions/revoke-all', {}, fourth)).statusCode).toBe(200);
    expect(await signedOut(third)).toBe(true);
    expect(await signedOut(fourth)).toBe(true);
  });

  it('saves the language choice on the profile', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/locale',
      payload: { locale: 'es' },
      headers: { cookie: u.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(u.cookie)).json().locale).toBe('es');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/locale',
      payload: { locale: 'de' },
      headers: { cookie: u.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('admin login', () => {
  it('refuses a normal account with the wrong-credentials message and no session', async () => {
    const u = await createUser(t);
    const res = await post('/api/accounts/admin-login', { email: u.email, password: u.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_credentials');
    expect(cookieFrom(res.headers['set-cookie'])).toBe('');
  });

  it('signs an operator in, with the role visible in /api/me', async () => {
    const a = await createAdmin(t);
    const cookie = await login(t, a.email, a.password, '/api/accounts/admin-login');
    expect((await me(cookie)).json().isAdmin).toBe(true);
  });
});

describe('password change', () => {
  it('checks the current password and the new one, then signs in with the new one only', async () => {
    const u = await createUser(t);
    const wrong = await post(
      '/api/accounts/password',
      { currentPassword: 'nope-nope', newPassword: 'new-secret', confirmPassword: 'new-secret' },
      u.cookie,
    );
    expect(wrong.json().error.code).toBe('wrong_password');
    const mismatch = await post(
      '/api/accounts/password',
      { currentPassword: u.password, newPassword: 'new-secret', confirmPassword: 'other' },
      u.cookie,
    );
    expect(mismatch.json().error.code).toBe('password_mismatch');
    const short = await post(
      '/api/accounts/password',
      { currentPassword: u.password, newPassword: '123', confirmPassword: '123' },
      u.cookie,
    );
    expect(short.json().error.code).toBe('password_too_short');
    const ok = await post(
      '/api/accounts/password',
      { currentPassword: u.password, newPassword: 'new-secret', confirmPassword: 'new-secret' },
      u.cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/accounts/login', { email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await post('/api/accounts/login', { email: u.email, password: 'new-secret' })).statusCode).toBe(200);
  });
});

describe('forgotten password', () => {
  it('writes a reset e-mail in the user language to the outbox, and the link resets the password once', async () => {
    const u = await createUser(t, { locale: 'es' });
    const res = await post('/api/accounts/password/forgot', { email: u.email });
    expect(res.statusCode).toBe(200);
    const mail = await t.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', u.email)
      .where('template', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ template: 'password_reset', locale: 'es', status: 'pending', user_id: u.id });
    const url = new URL(JSON.parse(mail.params).url);
    const token = url.pathname.split('/').pop()!;

    // The link passes through better-auth, which sends the browser to our /reset-password page with the token.
    const follow = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toContain(`/reset-password?token=${token}`);

    const reset = await post('/api/accounts/password/reset', {
      token,
      newPassword: 'brand-new',
      confirmPassword: 'brand-new',
    });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/accounts/login', { email: u.email, password: 'brand-new' })).statusCode).toBe(200);
    expect(await signedOut(u.cookie)).toBe(true);
    const again = await post('/api/accounts/password/reset', {
      token,
      newPassword: 'other-one',
      confirmPassword: 'other-one',
    });
    expect(again.json().error.code).toBe('reset_link_invalid');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await post('/api/accounts/password/forgot', { email: 'ghost@example.test' });
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', 'ghost@example.test')
      .execute();
    expect(rows).toHaveLength(0);
  });
});
