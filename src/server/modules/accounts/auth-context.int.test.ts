import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { callAs, createUser } from '../../../../tests/support/users';
import { authContextStorages, CallScopedStorage, hooksOff } from './auth-context';

describe(`better-auth's call context (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lives in call-scoped storages, all off again once sign-up, sign-in and a password change are done', async () => {
    const user = await createUser(t);
    const changed = await callAs(t, user, 'POST', '/api/accounts/password', {
      currentPassword: user.password,
      newPassword: 'another-password-42',
      confirmPassword: 'another-password-42',
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const storages = authContextStorages();
    expect(storages.every((s) => s instanceof CallScopedStorage)).toBe(true);
    expect(CallScopedStorage.callsRunning).toBe(0);
    expect(storages.map(hooksOff)).toEqual([true, true, true]);
  });
});
