import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../support/db';
import { startChainTestApp, type ChainTestApp } from '../support/chain-app';
import type { TestApp } from '../support/app';
import { callAs, createAdmin, createUser, type TestUser } from '../support/users';

/**
 * Issue 45, point 5: "tier limits and monitoring alerts apply to chain deposits exactly as to the
 * others". The policy credits through the operators' own approval (decision 059), so a tier limit
 * that refuses leaves the deposit for a person, and the monitoring job judges the credit it made.
 */
describe(`chain deposits under tier limits and monitoring (${testDialect})`, () => {
  let app: ChainTestApp;
  let t: TestApp;
  let operator: TestUser;
  const get = (who: TestUser, url: string) => callAs(t, who, 'GET', url);

  const payAndCredit = async (who: TestUser, sats: number) => {
    const listed = (await get(who, '/api/deposits/addresses')).json() as { addresses: Array<{ address: string }> };
    const tx = app.chain.pay([[listed.addresses[0]!.address, sats]]);
    app.chain.mine([tx]);
    app.chain.mine();
    await app.watch.run();
    await app.credit.run();
    return t.ctx.db
      .selectFrom('deposit_request')
      .selectAll()
      .where('chain_txid', '=', tx.txid)
      .executeTakeFirstOrThrow();
  };
  const balanceOf = async (who: TestUser) => ((await get(who, '/api/me')).json() as { balance: string }).balance;

  beforeAll(async () => {
    app = await startChainTestApp({
      CHAIN_MIN_DEPOSIT: '10.00',
      CHAIN_AUTO_CREDIT_BELOW: '500.00',
      DUAL_CONTROL_FROM: '1000.00',
      TIER_LIMITS: 'true',
      LIMITS_NONE: 'deposit:150.00/-,withdrawal:0/0',
      LIMITS_EMAIL: 'deposit:150.00/-,withdrawal:0/0',
      MONITORING_LARGE_DEPOSIT_FROM: '100.00',
    });
    t = app.t;
    operator = await createAdmin(t);
    await app.watch.run();
  });
  afterAll(async () => app.close());

  it("above the person's tier limit, the policy's approval is refused and the deposit waits for an operator", async () => {
    const ana = await createUser(t);
    const deposit = await payAndCredit(ana, 400_000); // $260, under the policy, over the $150 limit
    expect(deposit).toMatchObject({ status: 'pending', processed_by: null });
    expect(Number(deposit.amount_cents)).toBe(26_000);
    expect(await balanceOf(ana)).toBe('0.00');
    // The operator's approval meets the same limit: refused, nothing credited.
    const approval = await callAs(t, operator, 'POST', `/api/admin/deposits/${deposit.id}/approve`);
    expect(approval.statusCode).toBe(409);
    expect(approval.json().error.code).toBe('deposit_limit_per_request');
    expect(await balanceOf(ana)).toBe('0.00');
  });

  it('a chain deposit the policy credits is judged by monitoring like any other: one large-deposit alert', async () => {
    const ben = await createUser(t);
    const deposit = await payAndCredit(ben, 200_000); // $130: credited, and over the $100 alert threshold
    expect(deposit.status).toBe('approved');
    expect(await balanceOf(ben)).toBe('130.00');
    await t.app.services.monitoring.run();
    const alerts = (await get(operator, '/api/admin/alerts?status=all')).json().alerts as Array<{
      rule: string;
      user: { id: string };
      facts: Array<{ kind: string; refId: string; amount: string }>;
    }>;
    const bens = alerts.filter((a) => a.user.id === ben.id);
    expect(bens).toEqual([
      expect.objectContaining({
        rule: 'large_deposit',
        facts: [expect.objectContaining({ kind: 'deposit', refId: deposit.id, amount: '130.00' })],
      }),
    ]);
  });
});
