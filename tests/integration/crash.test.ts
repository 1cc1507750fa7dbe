import { describe, expect, it } from 'vitest';
import { runCrashRound } from '../crash/round';
import { testDialect } from '../support/db';

// The short crash round of `npm test` (the long one is `npm run test:crash`). It runs before the
// build, so the real server process starts from the sources through tsx.
describe(`crash safety: SIGKILL under money traffic (${testDialect})`, () => {
  it('keeps the ledger, every acknowledged operation, e-mails and proofs whole across 3 kills', async () => {
    const stats = await runCrashRound({
      dialect: testDialect,
      kills: 3,
      server: { kind: 'source' },
      pgAdminUrl: process.env.TEST_DATABASE_URL,
      workers: 4,
      maxUsers: 6,
      trafficMs: [300, 1500],
    });
    expect(stats.problems).toEqual([]);
    expect(stats.kills).toBe(3);
    expect(stats.moneyOpsAcknowledged).toBeGreaterThan(6);
    expect(stats.ops.unanswered).toBeGreaterThan(0);
    expect(stats.emails.distinct).toBe(stats.emails.queued);
    expect(stats.emails.queued).toBeGreaterThan(0);
  }, 240_000);
});
