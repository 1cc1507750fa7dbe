import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs, type RunningJobs } from '../../src/server/jobs';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { fund } from '../support/money';
import { createUser } from '../support/users';
import { eventually } from '../support/eventually';

describe(`the background jobs the server starts (${testDialect})`, () => {
  let t: TestApp;
  let jobs: RunningJobs;

  beforeAll(async () => {
    t = await createTestApp({ SEAL_INTERVAL_S: '1' });
    jobs = await startJobs(t.app, t.ctx);
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
  });

  it('seal the journal by themselves, within the interval, once money moved', async () => {
    const u = await createUser(t);
    await fund(t.ctx, u.id, 12_345);
    const seals = () => t.ctx.db.selectFrom('ledger_seal').select('no').execute();
    await eventually('a first seal', async () => (await seals()).length > 0, 20_000);
    const leases = await t.ctx.db.selectFrom('job_lease').select('name').execute();
    expect(leases.map((l) => l.name)).toContain('ledger-seal');
    // What sealing did is in /metrics: its passes and the rows it sealed.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(Number(/^atlas_seal_pass_seconds_count (\d+)/m.exec(metrics)?.[1])).toBeGreaterThan(0);
    expect(Number(/^atlas_sealed_rows_total (\d+)/m.exec(metrics)?.[1])).toBeGreaterThan(0);
  });
});
