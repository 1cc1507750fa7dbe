import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock';
import { rollingSecurityLogs } from '../../src/core/retention';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { createUser, type TestUser } from '../support/users';

/**
 * The rolling retention rule (decision 039): every account's expired sessions, sign-in failures and
 * devices not seen for twelve months go with the daily job, open accounts included; what is more
 * recent stays, and the purge is one audit row with its counts.
 */
describe(`retention of security logs for every account (${testDialect})`, () => {
  let t: TestApp;
  let ana: TestUser;

  beforeAll(async () => {
    t = await createTestApp({});
    ana = await createUser(t);
  });
  afterAll(async () => t.close());

  const me = () => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: ana.cookie } });

  it('purges what is older than twelve months, keeps the rest and the signed-in session', async () => {
    const now = t.clock.now().getTime();
    const at = (days: number) => new Date(now - days * DAY_MS).toISOString();
    const old = at(rollingSecurityLogs.days + 1);
    const recent = at(rollingSecurityLogs.days - 1);
    const dates = (iso: string) => (testDialect === 'postgres' ? new Date(iso) : iso);
    for (const [id, expiresAt] of [
      ['old-session', old],
      ['recent-session', recent],
    ] as const)
      await t.ctx.db
        .insertInto('session')
        .values({
          id,
          token: `${id}-token`,
          userId: ana.id,
          expiresAt: dates(expiresAt),
          createdAt: dates(expiresAt),
          updatedAt: dates(expiresAt),
        } as never)
        .execute();
    await t.ctx.db
      .insertInto('sign_in_failure')
      .values([
        { account: 'old@example.test', ip: '192.0.2.1', failures: 2, last_at: old },
        { account: 'recent@example.test', ip: '192.0.2.2', failures: 1, last_at: recent },
      ])
      .execute();
    await t.ctx.db
      .insertInto('known_device')
      .values([
        { user_id: ana.id, device: 'old-device', created_at: old, last_seen_at: old },
        { user_id: ana.id, device: 'recent-device', created_at: recent, last_seen_at: recent },
      ])
      .execute();

    await t.app.services.retention.runAll();

    const sessions = await t.ctx.db.selectFrom('session').select('id').where('userId', '=', ana.id).execute();
    expect(sessions.map((s) => s.id)).not.toContain('old-session');
    expect(sessions.map((s) => s.id)).toContain('recent-session');
    const failures = await t.ctx.db.selectFrom('sign_in_failure').select('account').execute();
    expect(failures.map((f) => f.account)).toEqual(['recent@example.test']);
    const devices = await t.ctx.db.selectFrom('known_device').select('device').where('user_id', '=', ana.id).execute();
    expect(devices.map((d) => d.device).sort()).not.toContain('old-device');
    expect(devices.map((d) => d.device)).toContain('recent-device');
    // The investor's own live session is untouched: still signed in.
    expect((await me()).json()).toMatchObject({ id: ana.id });

    const trail = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'after'])
      .where('target_type', '=', 'retention')
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'retention.purge', target_id: 'stale_security_logs' });
    expect(JSON.parse(trail[0]!.after!)).toMatchObject({ sessions: 1, signInFailures: 1, devices: 1 });

    // Nothing more to purge: no new row in the trail.
    await t.app.services.retention.runAll();
    expect(
      await t.ctx.db.selectFrom('audit_log').select('id').where('target_type', '=', 'retention').execute(),
    ).toHaveLength(1);
  });
});
