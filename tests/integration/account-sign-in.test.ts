import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { cookieFrom, createAdmin, createUser, someIp } from '../support/users';

const outbox = (t: TestApp, to: string, template: string) =>
  t.ctx.db
    .selectFrom('email_outbox')
    .select(['params', 'locale'])
    .where('to_address', '=', to)
    .where('template', '=', template)
    .execute();

describe(`the account-wide sign-in brake (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_BRAKE_ADDRESSES: '4' });
  });
  afterAll(async () => t.close());

  const login = (email: string, password: string, ip = someIp(), cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  it('engages only after failures from many addresses, e-mails the owner once (in their language), and the link lets their browser through', async () => {
    const u = await createUser(t, { locale: 'en' });
    for (let i = 0; i < 3; i++) expect((await login(u.email, 'wrong-one')).statusCode).toBe(401);
    // Three failing addresses: no brake yet, the owner signs in.
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    expect((await login(u.email, 'wrong-one')).statusCode).toBe(401);
    // The fourth address engaged it: even the right password from a new address is refused…
    const braked = await login(u.email, u.password);
    expect([braked.statusCode, braked.json().error.code]).toEqual([429, 'rate_limited']);
    for (let i = 0; i < 3; i++) await login(u.email, 'wrong-one');
    const mails = await outbox(t, u.email, 'sign_in_brake');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('en');
    // …until the owner opens the e-mailed link in their browser.
    const url = new URL((JSON.parse(mails[0]!.params) as { url: string }).url);
    const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect([opened.statusCode, opened.headers.location]).toEqual([303, '/login']);
    const unlock = cookieFrom(opened.headers['set-cookie']);
    expect(unlock).toMatch(/^atlas\.unlock=/);
    expect((await login(u.email, u.password, someIp(), unlock)).statusCode).toBe(200);
    // The link is for that account only, and the attacker without it is still braked.
    const other = await createUser(t);
    for (let i = 0; i < 4; i++) await login(other.email, 'wrong-one');
    expect((await login(other.email, other.password, someIp(), unlock)).statusCode).toBe(429);
    expect((await login(u.email, u.password)).statusCode).toBe(429);
    // A forged or altered link does nothing.
    const forged = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}?token=${encodeURIComponent(url.searchParams.get('token')!.slice(0, -2) + 'xx')}`,
    });
    expect(forged.headers['set-cookie']).toBeUndefined();
    // Characters that decoding the account's part would skip must not ride into the cookie either.
    const [who, rest] = [
      url.searchParams.get('token')!.split('.')[0]!,
      url.searchParams.get('token')!.split('.').slice(1),
    ];
    for (const stray of ['\r\n', '; ']) {
      const altered = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}?token=${encodeURIComponent([who.slice(0, 2) + stray + who.slice(2), ...rest].join('.'))}`,
      });
      expect([altered.statusCode, altered.headers.location, altered.headers['set-cookie']]).toEqual([
        303,
        '/login',
        undefined,
      ]);
    }
    // Fifteen quiet minutes release the brake.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('brakes an address without an account the same way (so braking reveals nothing), and sends no mail', async () => {
    const email = `nobody.${Date.now()}@example.test`;
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong-one')).statusCode).toBe(401);
    expect((await login(email, 'wrong-one')).statusCode).toBe(429);
    expect(await outbox(t, email, 'sign_in_brake')).toHaveLength(0);
  });

  it('operators get the same treatment on the operator sign-in', async () => {
    const admin = await createAdmin(t);
    const adminLogin = (password: string, ip = someIp()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/admin-login',
        payload: { email: admin.email, password },
        remoteAddress: ip,
      });
    const ip = someIp();
    for (let i = 0; i < 3; i++) expect((await adminLogin('wrong-one', ip)).statusCode).toBe(401);
    expect((await adminLogin(admin.password, ip)).statusCode).toBe(429);
    expect((await adminLogin(admin.password)).statusCode).toBe(200);
  });
});

describe(`new-device e-mail (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('remembers the browser in a cookie and e-mails the owner when a new one signs in', async () => {
    const u = await createUser(t, { locale: 'es' });
    // createUser's own sign-in was the first device: no mail for it.
    expect(await outbox(t, u.email, 'new_sign_in')).toHaveLength(0);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: u.email, password: u.password },
      remoteAddress: '10.1.2.3',
      headers: { 'user-agent': 'TestBrowser/1.0' },
    });
    expect(first.statusCode).toBe(200);
    const mails = await outbox(t, u.email, 'new_sign_in');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('es');
    expect(JSON.parse(mails[0]!.params)).toMatchObject({ ip: '10.1.2.3', device: 'TestBrowser/1.0' });
    const device = cookieFrom(first.headers['set-cookie'])
      .split('; ')
      .find((c) => c.startsWith('atlas.device='))!;
    expect(device).toBeTruthy();
    expect([first.headers['set-cookie']].flat().find((c) => c!.startsWith('atlas.device='))).toMatch(/HttpOnly/);
    // The same browser again: no new mail.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: u.email, password: u.password },
      remoteAddress: someIp(),
      headers: { cookie: device },
    });
    expect(again.statusCode).toBe(200);
    expect(await outbox(t, u.email, 'new_sign_in')).toHaveLength(1);
  });
});
