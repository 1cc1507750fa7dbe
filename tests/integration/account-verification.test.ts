import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { fund } from '../support/money';
import { totpFromUri } from '../support/totp';
import { confirmEmail, createUser, signupBody, someIp, verificationPath, type TestUser } from '../support/users';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe(`verified e-mail and security e-mails (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (who: TestUser | null, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: who ? { cookie: who.cookie } : {}, remoteAddress: someIp() });
  const me = async (who: TestUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: who.cookie } })).json();
  const mails = (to: string, template: string) =>
    t.ctx.db
      .selectFrom('email_outbox')
      .select(['params', 'locale', 'user_id'])
      .where('to_address', '=', to)
      .where('template', '=', template)
      .execute();
  const withdraw = (who: TestUser, amount = '10.00') =>
    post(who, '/api/withdrawals', { amount, crypto: 'BTC', address: BTC });

  it('e-mails a confirmation link at signup (in the person’s language); sign-in works before it is opened', async () => {
    const u = await createUser(t, { verified: false, locale: 'en' });
    const sent = await mails(u.email, 'email_verification');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ locale: 'en', user_id: u.id });
    expect(await me(u)).toMatchObject({ emailVerified: false });
    await confirmEmail(t, u.email);
    expect(await me(u)).toMatchObject({ emailVerified: true });
    // Opening it twice is harmless.
    const again = await t.app.inject({ method: 'GET', url: await verificationPath(t, u.email) });
    expect(again.headers.location).toBe('/profile?email=verified');
  });

  it('refuses withdrawals and transfers out from an unconfirmed address, with a resend that works', async () => {
    const [u, payee] = [await createUser(t, { verified: false }), await createUser(t)];
    await fund(t.ctx, u.id, 10_000);
    const w = await withdraw(u);
    expect([w.statusCode, w.json().error.code]).toEqual([403, 'email_not_verified']);
    const tr = await post(u, '/api/transfers', { recipientUid: payee.uid, amount: '5.00' });
    expect([tr.statusCode, tr.json().error.code]).toEqual([403, 'email_not_verified']);
    expect((await me(u)).balance).toBe('100.00');
    // Investing and receiving money need no confirmation.
    expect((await post(payee, '/api/transfers', { recipientUid: u.uid, amount: '0.00' })).statusCode).toBe(400);

    expect((await post(u, '/api/accounts/verify-email/resend')).statusCode).toBe(200);
    expect(await mails(u.email, 'email_verification')).toHaveLength(2);
    await confirmEmail(t, u.email);
    expect((await post(u, '/api/transfers', { recipientUid: payee.uid, amount: '5.00' })).statusCode).toBe(201);
    expect((await withdraw(u)).statusCode).toBe(201);
    // Once confirmed, a resend sends nothing more.
    expect((await post(u, '/api/accounts/verify-email/resend')).statusCode).toBe(200);
    expect(await mails(u.email, 'email_verification')).toHaveLength(2);
  });

  it('limits resends (5 per hour) and refuses visitors', async () => {
    const u = await createUser(t, { verified: false });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(u, '/api/accounts/verify-email/resend')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await post(null, '/api/accounts/verify-email/resend')).statusCode).toBe(401);
  });

  it('an altered, foreign or expired link confirms nothing', async () => {
    const u = await createUser(t, { verified: false });
    const path = await verificationPath(t, u.email);
    const token = new URL(path, 'http://x').searchParams.get('token')!;
    const [id, exp, sig] = token.split('.');
    const other = await createUser(t, { verified: false });
    const cases = [
      `${id}.${Number(exp) + 1}.${sig}`,
      `${(await me(other)).id}.${exp}.${sig}`,
      'garbage',
      `${id}.${exp}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'E' : 'A'}`,
    ];
    for (const bad of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/accounts/verify-email?token=${encodeURIComponent(bad)}`,
      });
      expect(res.headers.location, bad).toBe('/profile?email=invalid');
    }
    t.clock.advance(3 * 24 * 3_600_000 + 1000);
    expect((await t.app.inject({ method: 'GET', url: path })).headers.location).toBe('/profile?email=expired');
    expect(await me(u)).toMatchObject({ emailVerified: false });
    expect(await me(other)).toMatchObject({ emailVerified: false });
  });

  it('a password change e-mails the owner and holds withdrawals 24 hours (shown on the profile)', async () => {
    const u = await createUser(t, { locale: 'es' });
    await fund(t.ctx, u.id, 10_000);
    const changed = await post(u, '/api/accounts/password', {
      currentPassword: u.password,
      newPassword: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect(changed.statusCode).toBe(200);
    const cookie = changed.headers['set-cookie']
      ? [changed.headers['set-cookie']]
          .flat()
          .map((c) => c!.split(';')[0])
          .join('; ')
      : u.cookie;
    const who = { ...u, cookie };
    expect(await mails(u.email, 'password_changed')).toMatchObject([{ locale: 'es' }]);
    expect(await me(who)).toMatchObject({ withdrawalPasswordHoldHoursLeft: 24 });
    const held = await withdraw(who);
    expect([held.statusCode, held.json().error]).toEqual([
      409,
      { code: 'withdrawal_password_hold', params: { hours: 24 } },
    ]);
    t.clock.advance(23 * 3_600_000);
    expect((await withdraw(who)).json().error.params).toEqual({ hours: 1 });
    t.clock.advance(3_600_000);
    expect(await me(who)).toMatchObject({ withdrawalPasswordHoldHoursLeft: 0 });
    expect((await withdraw(who)).statusCode).toBe(201);
  });

  it('a password reset e-mails the owner and holds withdrawals too', async () => {
    const u = await createUser(t);
    await fund(t.ctx, u.id, 10_000);
    expect((await post(null, '/api/accounts/password/forgot', { email: u.email })).statusCode).toBe(200);
    const [reset] = await mails(u.email, 'password_reset');
    const token = new URL(JSON.parse(reset!.params).url).pathname.split('/').pop()!;
    expect(
      (
        await post(null, '/api/accounts/password/reset', {
          token,
          newPassword: 'after-reset',
          confirmPassword: 'after-reset',
        })
      ).statusCode,
    ).toBe(200);
    expect(await mails(u.email, 'password_changed')).toHaveLength(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { email: u.email, password: 'after-reset' },
      remoteAddress: someIp(),
    });
    const who = {
      ...u,
      cookie: [login.headers['set-cookie']]
        .flat()
        .map((c) => c!.split(';')[0])
        .join('; '),
    };
    expect((await withdraw(who)).json().error.code).toBe('withdrawal_password_hold');
  });

  it('two-factor turned on and off e-mails the owner each time; turning it off holds withdrawals 24 hours', async () => {
    const u = await createUser(t);
    await fund(t.ctx, u.id, 10_000);
    const setup = (await post(u, '/api/accounts/two-factor/enable', { password: u.password })).json() as {
      totpURI: string;
    };
    expect(await mails(u.email, 'two_factor_enabled')).toHaveLength(0);
    const confirmed = await post(u, '/api/accounts/two-factor/confirm', { code: totpFromUri(setup.totpURI) });
    expect(confirmed.statusCode).toBe(200);
    expect(await mails(u.email, 'two_factor_enabled')).toHaveLength(1);
    const cookie = confirmed.headers['set-cookie']
      ? [confirmed.headers['set-cookie']]
          .flat()
          .map((c) => c!.split(';')[0])
          .join('; ')
      : u.cookie;
    const disabled = await post({ ...u, cookie }, '/api/accounts/two-factor/disable', { password: u.password });
    expect(disabled.statusCode).toBe(200);
    expect(await mails(u.email, 'two_factor_disabled')).toHaveLength(1);
    const after = disabled.headers['set-cookie']
      ? [disabled.headers['set-cookie']]
          .flat()
          .map((c) => c!.split(';')[0])
          .join('; ')
      : cookie;
    const who = { ...u, cookie: after };
    expect(await me(who)).toMatchObject({
      withdrawalSecondFactorHoldHoursLeft: 24,
      withdrawalPasswordHoldHoursLeft: 0,
    });
    const held = await withdraw(who);
    expect([held.statusCode, held.json().error]).toEqual([
      409,
      { code: 'withdrawal_second_factor_hold', params: { hours: 24 } },
    ]);
    const facts = await t.app.inject({
      method: 'GET',
      url: '/api/assistant/facts/withdraw',
      headers: { cookie: after },
    });
    const { second_factor_removed_at: removedAt } = await t.ctx.db
      .selectFrom('account_security')
      .select('second_factor_removed_at')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    if (!removedAt) throw new Error('the removal was not stamped');
    expect(facts.json().facts[0]).toEqual({
      key: 'withdraw.secondFactorHold',
      values: { until: { type: 'datetime', at: new Date(Date.parse(removedAt) + 24 * 3_600_000).toISOString() } },
    });
    t.clock.advance(24 * 3_600_000);
    expect(await me(who)).toMatchObject({ withdrawalSecondFactorHoldHoursLeft: 0 });
    expect((await withdraw(who)).statusCode).toBe(201);
  });

  it('a withdrawal request e-mails the owner once, even when resent with its key', async () => {
    const u = await createUser(t, { locale: 'en' });
    await fund(t.ctx, u.id, 10_000);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/withdrawals',
        payload: { amount: '12.50', crypto: 'BTC', address: BTC },
        headers: { cookie: u.cookie, 'idempotency-key': 'w-mail-1' },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const sent = await mails(u.email, 'withdrawal_requested');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.locale).toBe('en');
    expect(JSON.parse(sent[0]!.params)).toEqual({ amount: '12.50', crypto: 'BTC', address: BTC });
  });
});

describe(`honest names (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const signup = (overrides: Parameters<typeof signupBody>[0]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts/signup',
      payload: signupBody(overrides),
      remoteAddress: someIp(),
    });

  it.each([
    ['a Cyrillic look-alike', { lastName: '\u0421ollin' }],
    ['a zero-width space', { firstName: 'Pie\u200Brre' }],
    ['a right-to-left override', { lastName: 'Martin\u202E' }],
    ['Greek inside a Latin word', { lastName: 'Dupοnt' }],
  ])('refuses a name with %s (400 invalid_name on that field)', async (_label, overrides) => {
    const res = await signup(overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_name');
    expect(res.json().error.params.field).toBe(Object.keys(overrides)[0]);
  });

  it('stores names in NFKC; a name in one other alphabet is welcome', async () => {
    const res = await signup({ firstName: 'Ｍａｒｉｅ', lastName: 'Иванова' });
    expect(res.statusCode).toBe(201);
    const row = await t.ctx.db
      .selectFrom('user_profile')
      .select(['first_name', 'full_name'])
      .where('uid', '=', res.json().uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Marie', full_name: 'Marie Иванова' });
  });

  it('keeps usernames unique after NFKC and case folding', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    expect((await signup({ username: `jean_${tag}` })).statusCode).toBe(201);
    for (const same of [`JEAN_${tag}`, `ｊｅａｎ_${tag}`, `Ｊean_${tag.toUpperCase()}`]) {
      const res = await signup({ username: same });
      expect([res.statusCode, res.json().error.code], same).toEqual([409, 'username_taken']);
    }
  });
});
