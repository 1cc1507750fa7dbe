import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/core/errors';
import { tryAcquireLease } from '../../src/server/jobs/lease.repo';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { someIp } from '../support/users';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** What a check refuses with, or undefined when it lets the request through. */
async function refusal(check: () => Promise<void>): Promise<DomainError | undefined> {
  try {
    await check();
    return undefined;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
}

/**
 * Time windows stay sane when the clock steps backwards (an NTP correction, a restored VM): a
 * stamp in the future never turns into a wait as long as the step.
 */
describe(`time windows when the clock steps backwards (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sign-in throttling: a failure stamped ahead counts as just now (a bounded wait), one far ahead is stale', async () => {
    const { throttle } = t.app.services.accounts;
    const account = 'clock.back@example.test';
    const ip = someIp();
    for (let i = 0; i < 8; i++) await throttle.fail(account, ip);
    const first = await refusal(() => throttle.check(account, ip));
    expect(first?.code).toBe('rate_limited');
    const delay = Number(first!.params.retryAfterSeconds);
    expect(delay).toBeGreaterThan(0);
    expect(delay).toBeLessThanOrEqual(15 * 60);

    t.clock.advance(-10 * MINUTE);
    const within = await refusal(() => throttle.check(account, ip));
    expect(within?.code).toBe('rate_limited');
    // The whole delay again at most, not the delay plus the ten minutes of the step.
    expect(Number(within!.params.retryAfterSeconds)).toBeLessThanOrEqual(delay);

    t.clock.advance(-3 * DAY);
    expect(await refusal(() => throttle.check(account, ip))).toBeUndefined();
    // Counting starts again from one: the next failure costs nothing.
    await throttle.fail(account, ip);
    expect(await refusal(() => throttle.check(account, ip))).toBeUndefined();
    t.clock.advance(3 * DAY + 10 * MINUTE);
  });

  it('the account-wide brake set days "later" does not hold the owner out after the clock steps back', async () => {
    const { throttle } = t.app.services.accounts;
    const account = 'brake.back@example.test';
    for (let i = 0; i < t.ctx.config.limits.loginBrakeAddresses; i++) await throttle.fail(account, someIp());
    expect((await refusal(() => throttle.check(account, someIp())))?.code).toBe('rate_limited');
    t.clock.advance(-2 * DAY);
    expect(await refusal(() => throttle.check(account, someIp()))).toBeUndefined();
    t.clock.advance(2 * DAY);
  });

  it('per-address limits: a window started days ahead is over, not running until the clock catches up', async () => {
    const { limiter } = t.app.services.accounts;
    const ip = someIp();
    for (let i = 0; i < 10; i++) await limiter.attempt('signup', ip);
    expect((await refusal(() => limiter.attempt('signup', ip)))?.code).toBe('rate_limited');
    t.clock.advance(-2 * DAY);
    expect(await refusal(() => limiter.attempt('signup', ip))).toBeUndefined();
    t.clock.advance(2 * DAY);
  });

  it('a job lease taken by a clock ahead is free for another instance, a live one is not', async () => {
    const { db } = t.ctx;
    expect(await tryAcquireLease(db, t.clock, 'clock-test', 'instance-a', MINUTE)).toBe(true);
    t.clock.advance(-30_000);
    // Instances a little apart: the lease still holds.
    expect(await tryAcquireLease(db, t.clock, 'clock-test', 'instance-b', MINUTE)).toBe(false);
    t.clock.advance(-3 * DAY);
    // A restart after the clock stepped back (a new holder id): the lease is not held for 3 days.
    expect(await tryAcquireLease(db, t.clock, 'clock-test', 'instance-c', MINUTE)).toBe(true);
    expect(await tryAcquireLease(db, t.clock, 'clock-test', 'instance-a', MINUTE)).toBe(false);
    t.clock.advance(3 * DAY + 30_000);
  });
});
