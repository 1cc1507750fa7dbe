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
    expect(me.json().fullName).toBe('First operator');

    await ensureFirstAdmin(t.ctx, t.app.services.accounts.accounts, log);
    expect(warnings).toHaveLength(1);
  });

  it('`create` makes a new operator, or promotes an existing account and sets its password', async () => {
    quiet();
    expect(
      await createAdminCommand.run(t.ctx, { email: 'Ops@Atlas.test', password: 'ops-password', name: 'Olga Pires' }),
    ).toBe(0);
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

  it('operators have their own names: --name, else asked on the terminal; a new operator without one is refused', async () => {
    quiet();
    const profile = (email: string) =>
      t.ctx.db
        .selectFrom('user_profile')
        .select(['first_name', 'last_name', 'full_name'])
        .where('email', '=', email)
        .executeTakeFirst();
    const ask = createAdminCommand.ask;
    try {
      // Nobody at the terminal, no --name: refused, nothing created.
      createAdminCommand.ask = async () => undefined;
      expect(await createAdminCommand.run(t.ctx, { email: 'nameless@atlas.test', password: 'long-enough' })).toBe(2);
      expect(await profile('nameless@atlas.test')).toBeUndefined();
      // Not a name: refused.
      expect(
        await createAdminCommand.run(t.ctx, { email: 'nameless@atlas.test', password: 'long-enough', name: ' x ' }),
      ).toBe(2);
      // --name.
      expect(
        await createAdminCommand.run(t.ctx, {
          email: 'claire@atlas.test',
          password: 'long-enough',
          name: 'Claire  Martin',
        }),
      ).toBe(0);
      expect(await profile('claire@atlas.test')).toEqual({
        first_name: 'Claire',
        last_name: 'Martin',
        full_name: 'Claire Martin',
      });
      // Asked interactively.
      const asked: string[] = [];
      createAdminCommand.ask = async (question: string) => {
        asked.push(question);
        return 'Marc Petit';
      };
      expect(await createAdminCommand.run(t.ctx, { email: 'marc@atlas.test', password: 'long-enough' })).toBe(0);
      expect(asked).toHaveLength(1);
      expect((await profile('marc@atlas.test'))?.full_name).toBe('Marc Petit');
      // A promoted account keeps its own name when none is given.
      const u = await createUser(t, { firstName: 'Nadia', lastName: 'Roux' });
      createAdminCommand.ask = async () => undefined;
      expect(await createAdminCommand.run(t.ctx, { email: u.email, password: 'long-enough' })).toBe(0);
      expect((await profile(u.email))?.full_name).toBe('Nadia Roux');
    } finally {
      createAdminCommand.ask = ask;
      vi.restoreAllMocks();
    }
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
