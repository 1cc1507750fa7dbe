import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportV2 } from '../../src/contracts/data-export';
import type { LiabilityProof, LiabilityRounds } from '../../src/contracts/liabilities';
import { parseCsv } from '../../src/core/data-export/csv';
import { nobleHashes } from '../../src/core/liabilities/noble';
import { verifyProof } from '../../src/core/liabilities/verify';
import { CLI_SOURCE } from '../../src/server/modules/audit/audit.service';
import type { ChainCredit } from '../../src/server/modules/chain/chain-credit.service';
import type { ChainWatch } from '../../src/server/modules/chain/chain-watch.service';
import type { TestApp } from '../support/app';
import type { TestChain } from '../support/chain';
import { startChainTestApp, type ChainTestApp } from '../support/chain-app';
import type { EsploraPeer } from '../support/esplora-peer';
import { testDialect } from '../support/db';
import { fund } from '../support/money';
import { pdfText } from '../support/pdf-text';
import { callAs, createAdmin, createUser, someIp, type TestUser } from '../support/users';
import { text, unzip } from '../support/zip';

const RATE = '65000.00';
/** Where a withdrawal is paid; $100.00 at $65,000.00 is 153 846 satoshi. */
const PAYEE = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

type Fact = { key: string; values: Record<string, { type: string; amount?: string; value?: unknown }> };

/**
 * A deposit on chain everywhere the person looks at their money (issue 45, point 7): the
 * assistant's answer to "où est mon dépôt ?", the data export, the statement and the proof of
 * liabilities each carry its state and its evidence.
 */
describe(`a deposit on chain, everywhere (${testDialect})`, () => {
  let t: TestApp;
  let chain: TestChain;
  let app: ChainTestApp;
  let peer: EsploraPeer;
  let watch: ChainWatch;
  let credit: ChainCredit;
  let admin: TestUser;
  /** An investor whose payment on chain was credited (the first test), then who withdrew. */
  let lea: TestUser;
  let leaTxid: string;
  const get = (who: TestUser, url: string) => callAs(t, who, 'GET', url);
  const addressOf = async (who: TestUser) => {
    const res = await get(who, '/api/deposits/addresses');
    return (res.json() as { addresses: Array<{ coin: string; address: string }> }).addresses.find(
      (a) => a.coin === 'BTC',
    )!.address;
  };
  const facts = async (who: TestUser): Promise<Fact[]> => {
    const res = await get(who, '/api/assistant/facts/deposit');
    expect(res.statusCode).toBe(200);
    return (res.json() as { facts: Fact[] }).facts;
  };

  beforeAll(async () => {
    app = await startChainTestApp(
      {
        CHAIN_MIN_DEPOSIT: '10.00',
        CHAIN_AUTO_CREDIT_BELOW: '100.00',
        DUAL_CONTROL_FROM: '1000.00',
        LIABILITIES_MIN_HEIGHT: '4',
      },
      RATE,
    );
    ({ t, chain, peer, watch, credit } = app);
    admin = await createAdmin(t);
    await watch.run();
  });
  afterAll(async () => app.close());

  it('the assistant tells where a deposit on chain stands: waiting at the address, seen, n of m, credited, refunded', async () => {
    lea = await createUser(t, { locale: 'en' });
    // Nothing yet: no address, no payment, the classic answer.
    expect((await facts(lea)).map((f) => f.key)).toEqual(['deposit.none']);

    const address = await addressOf(lea);
    expect(await facts(lea)).toEqual([
      {
        key: 'deposit.chain.waiting',
        values: { coin: { type: 'text', value: 'BTC' }, address: { type: 'text', value: address } },
        link: '/deposit',
      },
    ]);

    const tx = chain.pay([[address, 125_000]]);
    leaTxid = tx.txid;
    peer.mempool.set(tx.txid, tx);
    await watch.run();
    await watch.run();
    let answer = await facts(lea);
    expect(answer.map((f) => f.key)).toEqual(['deposit.chain.seen']);
    expect(answer[0]!.values.coins).toEqual({ type: 'coins', amount: '0.00125', coin: 'BTC' });

    peer.mempool.delete(tx.txid);
    chain.mine([tx]);
    await watch.run();
    answer = await facts(lea);
    expect(answer.map((f) => f.key)).toEqual(['deposit.chain.confirming']);
    expect(answer[0]!.values).toMatchObject({ count: { value: 1 }, required: { value: 2 } });

    chain.mine();
    await watch.run();
    await credit.run();
    answer = await facts(lea);
    // $81.25 at $65,000 per BTC, credited by the policy; the deposit it became follows.
    expect(answer.map((f) => f.key)).toEqual(['deposit.chain.credited', 'deposit.approved']);
    expect(answer[0]!.values).toMatchObject({
      coins: { amount: '0.00125', coin: 'BTC' },
      amount: { type: 'money', amount: '81.25' },
      rate: { type: 'money', amount: '65000.00' },
    });
    expect(answer[1]!.values.amount).toEqual({ type: 'money', amount: '81.25' });
  });

  it('a payment below the minimum is told as to be refunded, with the minimum', async () => {
    const hugo = await createUser(t);
    const tx = chain.pay([[await addressOf(hugo), 10_000]]);
    chain.mine([tx]);
    chain.mine();
    await watch.run();
    await credit.run();
    const answer = await facts(hugo);
    expect(answer.map((f) => f.key)).toEqual(['deposit.chain.refund.below_minimum']);
    expect(answer[0]!.values).toMatchObject({
      amount: { amount: '6.50' },
      minimum: { amount: '10.00' },
    });
  });

  it('the data export carries the address, the payment, the deposit it became and the payout; the PDF statement too', async () => {
    // Lea withdraws $100.00 in BTC; the operator approves it with the transaction that paid it.
    await fund(t.ctx, lea.id, 50_000);
    const asked = await callAs(t, lea, 'POST', '/api/withdrawals', { amount: '100.00', crypto: 'BTC', address: PAYEE });
    expect(asked.statusCode, asked.body).toBe(201);
    const payout = chain.pay([[PAYEE, 153_846]]);
    peer.mempool.set(payout.txid, payout);
    const approved = await callAs(t, admin, 'POST', `/api/admin/withdrawals/${asked.json().id}/approve`, {
      payoutTxid: payout.txid,
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/data-export',
      payload: { password: lea.password },
      headers: { cookie: lea.cookie },
      remoteAddress: someIp(),
    });
    expect(requested.statusCode, requested.body).toBe(202);
    await t.app.services.dataExport.runPending();
    const view = (await get(lea, '/api/data-export')).json().export as { status: string; downloadUrl: string };
    expect(view.status).toBe('ready');
    const files = unzip((await get(lea, view.downloadUrl)).rawPayload);
    const data = dataExportV2.parse(JSON.parse(text(files['data.json'])));

    expect(data.version).toBe(2);
    expect(data.depositAddresses).toEqual([
      { coin: 'BTC', address: await addressOf(lea), givenAt: expect.any(String) },
    ]);
    const deposit = data.deposits.find((d) => d.chain?.txid === leaTxid)!;
    expect(deposit).toMatchObject({
      amountCents: 8125,
      status: 'approved',
      proofFile: null,
      chain: { coin: 'BTC', txid: leaTxid, vout: 0, coinAmount: '0.00125', rate: '65000.00' },
    });
    expect(data.chainPayments).toEqual([
      expect.objectContaining({
        coin: 'BTC',
        txid: leaTxid,
        vout: 0,
        address: await addressOf(lea),
        coinAmount: '0.00125',
        state: 'confirmed',
        blockHeight: expect.any(Number),
        depositId: deposit.id,
        refund: null,
      }),
    ]);
    // Later tests' blocks add to its confirmations: at least the two it needed.
    expect(data.chainPayments[0]!.confirmations).toBeGreaterThanOrEqual(2);
    const withdrawal = data.withdrawals.find((w) => w.payout)!;
    expect(withdrawal).toMatchObject({
      amountCents: 10_000,
      crypto: 'BTC',
      payout: { txid: payout.txid, verified: true, coinAmount: '0.00153846' },
    });

    // The CSVs say the same.
    const payments = parseCsv(text(files['csv/chain_payments.csv']), 'rfc4180');
    expect(payments[1]).toEqual(expect.arrayContaining([leaTxid, '0.00125', 'confirmed', deposit.id]));
    expect(text(files['csv/deposits.csv'])).toContain(leaTxid);
    expect(text(files['csv/withdrawals.csv'])).toContain(payout.txid);

    // The PDF statement, in Lea's English: the deposit's evidence and the payout's transaction.
    const pdf = pdfText(Buffer.from(files['statement.pdf']!)).join('\n');
    expect(pdf).toContain('Transactions on chain');
    expect(pdf).toContain('Deposit of $81.25: 0.00125 BTC at $65,000.00 / BTC');
    expect(pdf).toContain(`Transaction ${leaTxid}:0`);
    expect(pdf).toContain('Withdrawal of $100.00 in BTC');
    expect(pdf).toContain(`Transaction ${payout.txid} (0.00153846 BTC, verified`);
  });

  it('a credited deposit on chain is in the liabilities: the person’s leaf and proof hold it', async () => {
    const zoe = await createUser(t);
    const tx = chain.pay([[await addressOf(zoe), 125_000]]);
    chain.mine([tx]);
    chain.mine();
    await watch.run();
    await credit.run();
    expect((await facts(zoe))[0]!.key).toBe('deposit.chain.credited');

    const round = await t.app.services.liabilities.runRound({ actorId: 'cli', source: CLI_SOURCE });
    const list = (await callAs(t, null, 'GET', '/api/liabilities/rounds')).json() as LiabilityRounds;
    const r = list.rounds.find((x) => x.round === round.round)!;
    const answer = (await get(zoe, `/api/liabilities/rounds/${r.round}/proof`)).json() as LiabilityProof;
    if (answer.kind !== 'proof') throw new Error('expected a proof');
    const nonce = ((await get(zoe, '/api/liabilities/nonce')).json() as { nonce: string }).nonce;
    const published = { round: r.round, asset: r.asset, height: r.height, root: r.root, total: r.total };
    // $81.25, the payment's dollars at the rate of confirmation, and nothing else: her whole balance.
    expect(
      verifyProof(nobleHashes, { published, proof: answer.proof, accountNonce: nonce, expectedBalance: 8125 }),
    ).toMatchObject({ ok: true, balance: 8125 });
  });
});
