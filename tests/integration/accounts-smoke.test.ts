import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createAdmin, createUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('signs up, signs in, reads /api/me', async () => {
  const u = await createUser(t);
  expect(u.uid).toMatch(/^ATU\d{6}$/);
  const a = await createAdmin(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: a.cookie } });
  expect(res.json().isAdmin).toBe(true);
});
