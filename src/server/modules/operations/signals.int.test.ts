import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { multipartDeposit } from '../../../../tests/support/fuzz/world';
import { sampleImage } from '../../../../tests/support/images';
import { fund } from '../../../../tests/support/money';
import { createUser } from '../../../../tests/support/users';
import { verifyLedgerCommand } from '../ledger/ledger.cli';
import { insertSnapshot } from '../market/market.repo';
import { BTC_SYMBOL } from '../market/market.service';

/** The value of one sample of the Prometheus text, or undefined when the sample is absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe(`operator signals in /metrics (${testDialect})`, () => {
  let t: TestApp;
  const metrics = async () => {
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(async () => t.close());

  it('reports an idle platform as zeros, and leaves out what never happened', async () => {
    const text = await metrics();
    expect(sample(text, 'atlas_email_outbox_messages', 'status="failed"')).toBe(0);
    expect(sample(text, 'atlas_open_requests', 'kind="deposit",status="pending"')).toBe(0);
    expect(sample(text, 'atlas_open_requests', 'kind="withdrawal",status="pending"')).toBe(0);
    expect(sample(text, 'atlas_price_age_seconds', 'symbol="BTC-USD"')).toBeUndefined();
    expect(sample(text, 'atlas_verification_ok', 'kind="ledger"')).toBeUndefined();
  });

  it('counts open requests by kind, the outbox by status, the price age, leases and the last verification', async () => {
    const user = await createUser(t);
    await fund(t.ctx, user.id, 100_000);
    const png = await sampleImage('png');
    for (const amount of ['10.00', '20.00']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        payload: multipartDeposit(amount, { bytes: png, name: 'p.png', type: 'image/png' }) as never,
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode).toBe(201);
    }
    const w = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      payload: { amount: '5.00', crypto: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      headers: { cookie: user.cookie },
    });
    expect(w.statusCode).toBe(201);
    const now = t.clock.now().getTime();
    await insertSnapshot(t.ctx.db, BTC_SYMBOL, 6_500_000, new Date(now - 90_000).toISOString());
    await insertSnapshot(t.ctx.db, 'USDT-USD', 100, new Date(now - 3_600_000).toISOString(), 999_871n);
    await t.ctx.db
      .insertInto('email_outbox')
      .values({
        id: 'failed-1',
        user_id: null,
        to_address: 'x@example.test',
        template: 'welcome',
        locale: 'fr',
        params: '{}',
        status: 'failed',
        attempts: 9,
        next_attempt_at: new Date(now).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    await t.ctx.db
      .insertInto('job_lease')
      .values({ name: 'price-refresh', holder: 'instance-a', expires_at: new Date(now + 60_000).toISOString() })
      .execute();
    await t.ctx.db
      .insertInto('job_lease')
      .values({ name: 'old-job', holder: 'instance-b', expires_at: new Date(now - 1).toISOString() })
      .execute();
    expect(await verifyLedgerCommand.run(t.ctx)).toBe(0);

    const text = await metrics();
    expect(sample(text, 'atlas_open_requests', 'kind="deposit",status="pending"')).toBe(2);
    expect(sample(text, 'atlas_open_requests', 'kind="withdrawal",status="pending"')).toBe(1);
    expect(sample(text, 'atlas_email_outbox_messages', 'status="failed"')).toBe(1);
    // The test clock follows real time from where it stands, so a few milliseconds may have passed.
    expect(sample(text, 'atlas_price_age_seconds', 'symbol="BTC-USD"')).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'atlas_price_age_seconds', 'symbol="BTC-USD"')).toBeLessThan(100);
    // One series per coin: USDT's feed is an hour behind, LTC's never answered.
    expect(sample(text, 'atlas_price_age_seconds', 'symbol="USDT-USD"')).toBeGreaterThanOrEqual(3_600);
    expect(sample(text, 'atlas_price_age_seconds', 'symbol="LTC-USD"')).toBeUndefined();
    expect(sample(text, 'atlas_job_lease_held', 'job="price-refresh",holder="instance-a"')).toBe(1);
    expect(text).not.toContain('job="old-job"');
    expect(sample(text, 'atlas_verification_ok', 'kind="ledger"')).toBe(1);
    expect(sample(text, 'atlas_verification_timestamp_seconds', 'kind="ledger"')).toBeGreaterThanOrEqual(now / 1000);
    expect(sample(text, 'atlas_verification_timestamp_seconds', 'kind="ledger"')).toBeLessThan(now / 1000 + 10);

    // A ledger that no longer verifies shows as 0 at the next scrape.
    await t.ctx.db
      .updateTable('ledger_account')
      .set({ balance_cents: 1 })
      .where('owner_id', '=', user.id)
      .where('kind', '=', 'available')
      .execute();
    expect(await verifyLedgerCommand.run(t.ctx)).toBe(1);
    expect(sample(await metrics(), 'atlas_verification_ok', 'kind="ledger"')).toBe(0);
  });
});
