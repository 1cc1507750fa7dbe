import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { requireAdmin, requireUser } from '../../src/server/http/auth';
import { createTestApp, type TestApp } from '../support/app';
import { cookieFrom, createAdmin, createUser, signupBody, someIp } from '../support/users';
import { totpFromUri } from '../support/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: object = {}, cookie?: string, remoteAddress = someIp()) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress });

describe('two-factor (TOTP) with recovery codes', () => {
  it('is enabled with the password and a first code, then asked at login; a recovery code works once', async () => {
    const u = await createUser(t);
    expect((await post('/api/accounts/two-factor/enable', { password: 'wrong-one' }, u.cookie)).json().error.code).toBe(
      'wrong_password',
    );
    const setup = await post('/api/accounts/two-factor/enable', { password: u.password }, u.cookie);
    expect(setup.statusCode).toBe(200);
    const { totpURI, backupCodes } = setup.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(backupCodes).toHaveLength(10);
    expect((await post('/api/accounts/two-factor/confirm', { code: '000000' }, u.cookie)).json().error.code).toBe(
      'invalid_two_factor_code',
    );
    const confirm = await post('/api/accounts/two-factor/confirm', { code: totpFromUri(totpURI) }, u.cookie);
    expect(confirm.statusCode).toBe(200);

    // Password alone no longer opens a session.
    const first = await post('/api/accounts/login', { email: u.email, password: u.password });
    expect(first.json()).toEqual({ twoFactorRequired: true });
    const pending = cookieFrom(first.headers['set-cookie']);
    const halfway = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: pending } });
    expect([halfway.statusCode, halfway.json()]).toEqual([200, null]);
    const bad = await post('/api/accounts/login/two-factor', { code: '123456' }, pending);
    expect(bad.json().error.code).toBe('invalid_two_factor_code');
    const good = await post('/api/accounts/login/two-factor', { code: totpFromUri(totpURI) }, pending);
    expect(good.statusCode).toBe(200);
    const session = cookieFrom(good.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session } });
    expect(me.json()).toMatchObject({ id: u.id, twoFactorEnabled: true });

    const again = cookieFrom(
      (await post('/api/accounts/login', { email: u.email, password: u.password })).headers['set-cookie'],
    );
    const viaRecovery = await post('/api/accounts/login/two-factor', { code: backupCodes[0], recovery: true }, again);
    expect(viaRecovery.statusCode).toBe(200);
    const replay = cookieFrom(
      (await post('/api/accounts/login', { email: u.email, password: u.password })).headers['set-cookie'],
    );
    expect(
      (await post('/api/accounts/login/two-factor', { code: backupCodes[0], recovery: true }, replay)).json().error
        .code,
    ).toBe('invalid_two_factor_code');

    expect((await post('/api/accounts/two-factor/disable', { password: u.password }, session)).statusCode).toBe(200);
    expect((await post('/api/accounts/login', { email: u.email, password: u.password })).json()).toEqual({
      twoFactorRequired: false,
    });
  });
});

describe('rate limits, stored in the database', () => {
  it('slows the address that guesses (5 wrong passwords), never the owner signing in from elsewhere', async () => {
    const u = await createUser(t);
    const attacker = someIp();
    const guess = (i: number) =>
      post('/api/accounts/login', { email: u.email, password: `wrong-${i}` }, undefined, attacker);
    // Three free failures, then each one doubles the wait (1 s, 2 s, 4 s …) for that address.
    for (let i = 0; i < 3; i++) expect((await guess(i)).statusCode).toBe(401);
    expect((await guess(3)).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await guess(3)).statusCode).toBe(401);
    t.clock.advance(1000);
    expect((await guess(4)).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await guess(4)).statusCode).toBe(401);
    const slowed = await post('/api/accounts/login', { email: u.email, password: u.password }, undefined, attacker);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.code).toBe('rate_limited');
    // The owner, from their own address, is not affected.
    expect((await post('/api/accounts/login', { email: u.email, password: u.password })).statusCode).toBe(200);
    // Once the growing wait has passed, the guessing address may try again.
    t.clock.advance(15 * 60_000 + 1000);
    expect(
      (await post('/api/accounts/login', { email: u.email, password: u.password }, undefined, attacker)).statusCode,
    ).toBe(200);
  });

  it('limits attempts per IP across accounts (login 30 per 15 min)', async () => {
    const ip = someIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await post('/api/accounts/login', { email: `nobody${i}@example.test`, password: 'x-x-x-x' }, undefined, ip))
          .statusCode,
      );
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not affected.
    expect((await post('/api/accounts/login', { email: 'nobody@example.test', password: 'x-x-x-x' })).statusCode).toBe(
      401,
    );
  });

  it('limits signups per IP (10 per hour)', async () => {
    const ip = someIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await post('/api/accounts/signup', { ...signupBody(), acceptTerms: false }, undefined, ip)).statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits reset e-mails per account (3 per hour)', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 3; i++)
      expect((await post('/api/accounts/password/forgot', { email: u.email })).statusCode).toBe(200);
    expect((await post('/api/accounts/password/forgot', { email: u.email })).statusCode).toBe(429);
    const rows = await t.ctx.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', u.email)
      .where('template', '=', 'password_reset')
      .execute();
    expect(rows).toHaveLength(3);
  });

  it("closes better-auth's own sign-in path (sign-in goes through our limited route only)", async () => {
    const u = await createUser(t);
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-in/username']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: u.email, username: u.username, password: u.password },
        remoteAddress: someIp(),
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('holds across two app instances sharing the database', async () => {
    const other = await createTestApp({}, t.testDb);
    // Two instances of one deployment read the same time (this file moved the first one's clock).
    other.clock.advance(t.clock.offset);
    try {
      const u = await createUser(t);
      const ip = someIp();
      for (let i = 0; i < 3; i++)
        await post('/api/accounts/login', { email: u.email, password: 'bad-one' }, undefined, ip);
      for (let i = 0; i < 2; i++)
        await other.app.inject({
          method: 'POST',
          url: '/api/accounts/login',
          payload: { email: u.email, password: 'bad-one' },
          remoteAddress: ip,
        });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        payload: { email: u.email, password: u.password },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.app.close();
    }
  });
});

describe('admin guard', () => {
  it('every /api/admin/* route answers 401 to visitors and 403 to normal users', async () => {
    const user = await createUser(t);
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const adminRoutes = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => ({
          method: m.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000'),
        })),
      );
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const anon = await t.app.inject({ method: route.method as 'GET', url: route.url });
      expect([route, anon.statusCode]).toEqual([route, 401]);
      const normal = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { cookie: user.cookie },
      });
      expect([route, normal.statusCode, normal.json().error.code]).toEqual([route, 403, 'forbidden']);
    }
  });

  it('requireAdmin and requireUser answer 401 / 403 / 200 in our error shape', async () => {
    const app = await buildApp(t.ctx, { logger: false });
    app.get('/api/admin/__probe', { preHandler: requireAdmin }, async (request) => ({
      id: request.user!.id,
      admin: request.user!.isAdmin,
    }));
    app.get('/api/__probe', { preHandler: requireUser }, async (request) => ({
      id: request.user!.id,
      locale: request.user!.locale,
    }));
    await app.ready();
    try {
      const user = await createUser(t, { locale: 'en' });
      const admin = await createAdmin(t);
      expect((await app.inject({ url: '/api/admin/__probe' })).json()).toEqual({
        error: { code: 'unauthorized', params: {} },
      });
      const refused = await app.inject({ url: '/api/admin/__probe', headers: { cookie: user.cookie } });
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: { code: 'forbidden', params: {} } }]);
      expect((await app.inject({ url: '/api/admin/__probe', headers: { cookie: admin.cookie } })).json()).toEqual({
        id: admin.id,
        admin: true,
      });
      expect((await app.inject({ url: '/api/__probe', headers: { cookie: user.cookie } })).json()).toEqual({
        id: user.id,
        locale: 'en',
      });
      expect(
        (await app.inject({ url: '/api/__probe', headers: { cookie: 'atlas.session_token=forged.value' } })).statusCode,
      ).toBe(401);
    } finally {
      await app.close();
    }
  });
});
