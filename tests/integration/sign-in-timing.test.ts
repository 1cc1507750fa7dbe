import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { createAdmin, createUser, someIp, type TestUser } from '../support/users';

const ROUNDS = 30;
const BOUND_MS = 10;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Sign-in reveals nothing (decision 017): whether the address has an account, is an operator or
 * not, a failed sign-in costs one password-hash check and answers the same. The cases are
 * interleaved (each round in a rotated order) and compared by their medians, so a busy machine
 * slows every case alike.
 */
describe(`sign-in timing and answers (${testDialect})`, () => {
  let t: TestApp;
  let user: TestUser;
  let operator: TestUser;
  beforeAll(async () => {
    // Every try comes from a fresh address: the account-wide brake must not start refusing early.
    t = await createTestApp({ LOGIN_BRAKE_ADDRESSES: '1000000' });
    user = await createUser(t);
    operator = await createAdmin(t);
  });
  afterAll(async () => t.close());

  it(`failed sign-ins take the same time (medians within ${BOUND_MS} ms) and give the same answer`, async () => {
    const cases: Record<string, { url: string; email: () => string; password: () => string }> = {
      'login, account, wrong password': { url: '/api/accounts/login', email: () => user.email, password: () => 'wrong-password' },
      'login, no account': { url: '/api/accounts/login', email: () => `nobody.${someIp()}@example.test`, password: () => 'wrong-password' },
      'operator login, operator, wrong password': { url: '/api/accounts/admin-login', email: () => operator.email, password: () => 'wrong-password' },
      'operator login, investor, wrong password': { url: '/api/accounts/admin-login', email: () => user.email, password: () => 'wrong-password' },
      'operator login, investor, right password': { url: '/api/accounts/admin-login', email: () => user.email, password: () => user.password },
      'operator login, no account': { url: '/api/accounts/admin-login', email: () => `nobody.${someIp()}@example.test`, password: () => 'wrong-password' },
    };
    const names = Object.keys(cases);
    const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (let round = -1; round < ROUNDS; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + Math.max(round, 0)) % names.length]!;
        const c = cases[name]!;
        const started = process.hrtime.bigint();
        const res = await t.app.inject({ method: 'POST', url: c.url, payload: { email: c.email(), password: c.password() }, remoteAddress: someIp() });
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        expect([res.statusCode, res.json()], name).toEqual([401, { error: { code: 'invalid_credentials', params: {} } }]);
        expect(res.headers['set-cookie'], name).toBeUndefined();
        if (round >= 0) times[name]!.push(ms);
      }
    }
    const medians = Object.fromEntries(names.map((n) => [n, median(times[n]!)]));
    const spread = Math.max(...Object.values(medians)) - Math.min(...Object.values(medians));
    console.log(`sign-in failure medians (ms, ${testDialect}):`, JSON.stringify(Object.fromEntries(Object.entries(medians).map(([k, v]) => [k, Math.round(v * 10) / 10]))), `spread ${spread.toFixed(1)} ms`);
    // A failure that skipped the hash would be far below the others (a hash costs tens of ms).
    expect(Math.min(...Object.values(medians))).toBeGreaterThan(5);
    expect(spread).toBeLessThanOrEqual(BOUND_MS);
  }, 180_000);
});
