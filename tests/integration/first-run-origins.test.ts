import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { cookieFrom, createUser, signupBody, someIp } from '../support/users';

/**
 * Decision 027: a local run accepts an Origin naming the very Host the request reached (and
 * PUBLIC_URL's loopback aliases); production and an explicit PUBLIC_URL keep one origin. Another
 * site is refused on every run, by our guard and by better-auth's own origin check.
 */
describe(`which origins may post (${testDialect})`, () => {
  let local: TestApp;
  let production: TestApp;
  let explicit: TestApp;

  beforeAll(async () => {
    // A default `npm start`: no NODE_ENV, no PUBLIC_URL.
    local = await createTestApp({ NODE_ENV: 'development' });
    production = await createTestApp({ NODE_ENV: 'production' });
    explicit = await createTestApp({ NODE_ENV: 'development', PUBLIC_URL: 'http://atlas.internal:3000' });
  });
  afterAll(async () => {
    await local?.close();
    await production?.close();
    await explicit?.close();
  });

  const signup = (t: TestApp, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts/signup',
      payload: signupBody(),
      headers,
      remoteAddress: someIp(),
    });
  const login = (t: TestApp, email: string, password: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email, password },
      headers,
      remoteAddress: someIp(),
    });

  it.each(['127.0.0.1:3000', '[::1]:3000', '192.168.1.20:3000', 'laptop.local:3000', 'localhost:3000'])(
    'a default local run: signup and sign-in from a page at http://%s (the Host the request reached) pass',
    async (host) => {
      const headers = { host, origin: `http://${host}` };
      const body = signupBody();
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/accounts/signup',
        payload: body,
        headers,
        remoteAddress: someIp(),
      });
      expect(res.statusCode, res.body).toBe(201);
      const signedIn = await login(local, body.email, body.password, headers);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    },
  );

  it.each([
    ['http://evil.example', '192.168.1.20:3000'],
    ['http://192.168.1.20:5173', '192.168.1.20:3000'],
    ['https://192.168.1.20:3000', '192.168.1.20:3000'],
    ['null', '127.0.0.1:3000'],
    ['http://127.0.0.1:3000.evil.example', '127.0.0.1:3000'],
  ])('a default local run: Origin %s reaching Host %s is refused (403 cross_site_request)', async (origin, host) => {
    const res = await signup(local, { host, origin });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_site_request');
  });

  it('production: the Host proves nothing; PUBLIC_URL and its loopback aliases pass, another site is refused', async () => {
    for (const [origin, host] of [
      ['http://192.168.1.20:3000', '192.168.1.20:3000'],
      ['http://evil.example', 'evil.example'],
      ['http://evil.example', 'localhost:3000'],
    ]) {
      const res = await signup(production, { host: host!, origin: origin! });
      expect(res.statusCode, `${origin} → ${host}`).toBe(403);
      expect(res.json().error.code).toBe('cross_site_request');
    }
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
      expect((await signup(production, { host: 'localhost:3000', origin })).statusCode, origin).toBe(201);
  });

  it('an explicit PUBLIC_URL on a local run: only its origin passes, whatever the Host', async () => {
    const res = await signup(explicit, { host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' });
    expect(res.statusCode).toBe(403);
    expect(
      (await signup(explicit, { host: '192.168.1.20:3000', origin: 'http://atlas.internal:3000' })).statusCode,
    ).toBe(201);
  });

  describe('better-auth’s own origin check follows the same rule', () => {
    const signOut = async (t: TestApp, cookie: string, headers: Record<string, string>) => {
      // Straight to better-auth's handler, past our guard: its own check must refuse on its own.
      const res = await t.app.services.accounts.auth.handler(
        new Request(new URL('/api/auth/sign-out', t.ctx.config.publicUrl), {
          method: 'POST',
          headers: { ...headers, cookie, 'content-type': 'application/json' },
          body: '{}',
        }),
      );
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      return { status: res.status, signedIn: me.statusCode === 200 };
    };

    it('a local run: sign-out from the Host’s own origin works, from another site is refused', async () => {
      const user = await createUser(local);
      expect(await signOut(local, user.cookie, { host: 'evil.example', origin: 'http://attacker.example' })).toEqual({
        status: 403,
        signedIn: true,
      });
      const ok = await signOut(local, user.cookie, { host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' });
      expect(ok.status).toBe(200);
      // And through the HTTP route: our guard lets it through, better-auth answers.
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
        headers: { cookie: user.cookie, host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('production: the same request is refused, the session stays', async () => {
      const user = await createUser(production);
      const refused = await signOut(production, user.cookie, {
        host: '192.168.1.20:3000',
        origin: 'http://192.168.1.20:3000',
      });
      expect(refused).toEqual({ status: 403, signedIn: true });
      // Through the HTTP route, our guard answers first.
      const res = await production.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
        headers: { cookie: user.cookie, host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' },
      });
      expect(res.json().error.code).toBe('cross_site_request');
      expect(cookieFrom(res.headers['set-cookie'])).toBe('');
    });
  });
});
