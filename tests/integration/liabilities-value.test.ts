import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nobleHashes } from '../../src/core/liabilities/noble';
import { checkPinnedRound } from '../../src/core/liabilities/pinned-round';
import { verifyProof } from '../../src/core/liabilities/verify';
import type { LiabilityProof, LiabilityRounds } from '../../src/contracts/liabilities';
import { CLI_SOURCE } from '../../src/server/modules/audit/audit.service';
import { createLiabilitiesService } from '../../src/server/modules/liabilities/liabilities.service';
import { nodeEd25519 } from '../../src/verifier/node-ed25519';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { fund } from '../support/money';
import { priceBody, startStubPriceServer, type StubPriceServer } from '../support/price-stub';
import { callAs, createUser, type TestUser } from '../support/users';

const by = { actorId: 'cli', source: CLI_SOURCE };
const MINUTE_MS = 60_000;

/**
 * Issue 46, item 15: a round counts an investment at what stopping it would credit at the
 * snapshot (the portfolio's value), not at its book value, and states the BTC price and its time
 * in the signed round (decision 052).
 */
describe(`proof of liabilities at what stopping would credit (${testDialect})`, () => {
  let t: TestApp;
  let stub: StubPriceServer;
  let carol: TestUser;
  let dave: TestUser;

  const rounds = async () => (await callAs(t, null, 'GET', '/api/liabilities/rounds')).json() as LiabilityRounds;
  const setPrice = async (amount: string) => {
    stub.behave({ status: 200, body: priceBody(amount) });
    t.app.services.prices.invalidate();
    return (await t.app.services.prices.current())!;
  };

  beforeAll(async () => {
    stub = await startStubPriceServer();
    t = await createTestApp({
      LIABILITIES_MIN_HEIGHT: '4',
      BTC_PRICE_URL: stub.url,
      BTC_PRICE_TIMEOUT_MS: '300',
      BTC_PRICE_TTL_S: '60',
      PRICE_STALE_AFTER_S: '900',
    });
    [carol, dave] = [await createUser(t), await createUser(t)];
    await fund(t.ctx, carol.id, 100_000);
    await fund(t.ctx, dave.id, 5_000);
    await setPrice('65000.00');
    const res = await callAs(t, carol, 'POST', '/api/investments', { area: 'crypto', amount: '1000.00' });
    expect(res.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('with BTC up 10 %, the round and the investor’s proof count $1,100.00, as the portfolio shows, and state the price', async () => {
    const price = await setPrice('71500.00');
    const portfolio = (await callAs(t, carol, 'GET', '/api/portfolio')).json() as { stats: { totalValue: string } };
    expect(portfolio.stats.totalValue).toBe('1100.00');

    const round = await t.app.services.liabilities.runRound(by);
    expect(round).toMatchObject({
      total: 110_000 + 5_000,
      ledgerTotal: 100_000 + 5_000,
      btcPrice: 7_150_000,
      btcPriceAt: price.fetchedAt,
      investors: 2,
    });

    const list = await rounds();
    const r = list.rounds.find((x) => x.round === round.round)!;
    expect(r).toMatchObject({ total: 115_000, btcPrice: 7_150_000, btcPriceAt: price.fetchedAt });
    expect(JSON.parse(r.statement)).toMatchObject({
      format: 'atlas-liabilities-round/2',
      total: 115_000,
      ledgerTotal: 105_000,
      btcPrice: 7_150_000,
      btcPriceAt: price.fetchedAt,
    });
    // The verifiers take the price from the signed statement; a price changed in the file is refused.
    const pinned = await checkPinnedRound(nobleHashes, nodeEd25519, list, r.round, list.fingerprint);
    expect(pinned).toMatchObject({ ok: true, price: { cents: 7_150_000, at: price.fetchedAt } });
    const doctored = structuredClone(list);
    doctored.rounds.find((x) => x.round === r.round)!.btcPrice = 6_500_000;
    expect(await checkPinnedRound(nobleHashes, nodeEd25519, doctored, r.round, list.fingerprint)).toMatchObject({
      ok: false,
      failure: 'statement_mismatch',
    });

    const answer = (await callAs(t, carol, 'GET', `/api/liabilities/rounds/${r.round}/proof`)).json() as LiabilityProof;
    if (answer.kind !== 'proof') throw new Error('expected a proof');
    const nonce = ((await callAs(t, carol, 'GET', '/api/liabilities/nonce')).json() as { nonce: string }).nonce;
    const published = { round: r.round, asset: r.asset, height: r.height, root: r.root, total: r.total };
    expect(
      verifyProof(nobleHashes, { published, proof: answer.proof, accountNonce: nonce, expectedBalance: 110_000 }),
    ).toMatchObject({ ok: true, balance: 110_000 });
    const member = await t.ctx.db
      .selectFrom('liability_member')
      .select('balance_cents')
      .where('round_no', '=', r.round)
      .where('user_id', '=', carol.id)
      .executeTakeFirstOrThrow();
    expect(Number(member.balance_cents)).toBe(110_000);
  });

  it('is postponed, nothing published, when the only price is stale or there is none', async () => {
    const before = (await rounds()).rounds.length;
    stub.behave({ status: 500, body: 'down' });
    t.app.services.prices.invalidate();
    t.clock.advance(16 * MINUTE_MS);
    await expect(t.app.services.liabilities.runRound(by)).rejects.toMatchObject({
      code: 'liabilities_price_unavailable',
      params: { reason: 'stale' },
    });
    const noPrice = createLiabilitiesService(t.ctx, { current: async () => null });
    await expect(noPrice.runRound(by)).rejects.toMatchObject({
      code: 'liabilities_price_unavailable',
      params: { reason: 'none' },
    });
    const failing = createLiabilitiesService(t.ctx, {
      current: () => Promise.reject(new Error('provider exploded')),
    });
    await expect(failing.runRound(by)).rejects.toMatchObject({ code: 'liabilities_price_unavailable' });
    expect((await rounds()).rounds).toHaveLength(before);

    // A fresh price again: the round publishes, at that price.
    const fresh = await setPrice('58500.00');
    const round = await t.app.services.liabilities.runRound(by);
    expect(round).toMatchObject({ total: 90_000 + 5_000, btcPrice: 5_850_000, btcPriceAt: fresh.fetchedAt });
  });
});
