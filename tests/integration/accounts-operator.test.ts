import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdminCommand } from '../../src/server/modules/accounts/accounts.cli';
import { ensureFirstAdmin } from '../../src/server/modules/accounts/first-admin';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, login, someIp } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const quiet = () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
};

describe('operator role', () => {
  it('the first start of an empty embedded database creates one admin with a random password, never logged', async () => {
    const warnings: string[] = [];
    const log = { warn: (msg: string) => warnings.push(msg) } as never;
    const created = await ensureFirstAdmin(t.ctx, t.app.services.accounts.accounts, log);
    if (t.ctx.dialect === 'postgres') {
      // PostgreSQL installs create their operator with the CLI; nothing is created behind their back.
      expect(warnings).toHaveLength(0);
      return;
    }
    expect(warnings).toHaveLength(1);
    const { email, password } = created!;
    expect(warnings[0]).toContain(`operator account created (${email})`);
    expect(warnings[0]).not.toContain(password);
    expect(password.length).toBeGreaterThanOrEqual(16);
    const cookie = await login(t, email, password, '/api/accounts/admin-login');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().isAdmin).toBe(true);

    await ensureFirstAdmin(t.ctx, t.app.services.accounts.accounts, log);
    expect(warnings).toHaveLength(1);
  });

  it('`create` makes a new operator, or promotes an existing account and sets its password', async () => {
    quiet();
    expect(await createAdminCommand.run(t.ctx, { email: 'Ops@Atlas.test', password: 'ops-password' })).toBe(0);
    await login(t, 'ops@atlas.test', 'ops-password', '/api/accounts/admin-login');

    const u = await createUser(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/admin-login',
      payload: { email: u.email, password: u.password },
      remoteAddress: someIp(),
    });
    expect(refused.statusCode).toBe(401);
    expect(await createAdminCommand.run(t.ctx, { email: u.email, password: 'promoted-pass' })).toBe(0);
    await login(t, u.email, 'promoted-pass', '/api/accounts/admin-login');

    expect(await createAdminCommand.run(t.ctx, { email: 'x@atlas.test', password: 'short' })).toBe(2);
    expect(await createAdminCommand.run(t.ctx, { email: 'not-an-email', password: 'long-enough' })).toBe(2);
    vi.restoreAllMocks();
  });

  it('better-auth sign-up endpoint is closed: accounts come only from our validated signup', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'bypass@example.test', password: 'password-123', name: 'Bypass' },
      remoteAddress: someIp(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const rows = await t.ctx.db.selectFrom('user').select('id').where('email', '=', 'bypass@example.test').execute();
    expect(rows).toHaveLength(0);
  });

  it('a normal user cannot give themselves the admin role through better-auth admin endpoints', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/set-role',
      payload: { userId: u.id, role: 'admin' },
      headers: { cookie: u.cookie, origin: 'http://localhost:3000' },
      remoteAddress: someIp(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: u.cookie } });
    expect(me.json().isAdmin).toBe(false);
  });
});
