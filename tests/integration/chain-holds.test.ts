import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainHold, ChainHoldList } from '../../src/contracts/chain-holds';
import { createChainWatch, type ChainWatch } from '../../src/server/modules/chain/chain-watch.service';
import { createTestApp, type TestApp } from '../support/app';
import { TestChain } from '../support/chain';
import { testDialect } from '../support/db';
import { startEsploraPeer, type EsploraPeer } from '../support/esplora-peer';
import { fund } from '../support/money';
import { callAs, createAdmin, createUser, type CallArgs, type TestUser } from '../support/users';

/** BIP84's test vector account, as in chain-watch.test.ts. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * Issue 45: a payment credited and then out of the best chain holds that person's withdrawals
 * (decision 058) until an operator releases the hold with a note; nobody else is held.
 */
describe(`blockchain holds on withdrawals (${testDialect})`, () => {
  let t: TestApp;
  let chain: TestChain;
  let peer: EsploraPeer;
  let watch: ChainWatch;
  let ana: TestUser;
  let ben: TestUser;
  let op: TestUser;
  let op2: TestUser;

  const call = (...[who, method, url, payload, headers = {}]: CallArgs) =>
    callAs(t, who, method, url, payload, { 'user-agent': 'chain-holds-test', ...headers });
  const addressOf = async (who: TestUser) => {
    const res = await call(who, 'GET', '/api/deposits/addresses');
    return (res.json() as { addresses: Array<{ coin: string; address: string }> }).addresses.find(
      (a) => a.coin === 'BTC',
    )!.address;
  };
  const withdraw = (who: TestUser, amount = '10.00') =>
    call(who, 'POST', '/api/withdrawals', { amount, crypto: 'BTC', address: BTC });
  const heldFor = async (who: TestUser) => {
    const res = await call(who, 'GET', '/api/withdrawals/chain-hold');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { held: boolean; since: string | null };
  };
  const openHolds = async (query = '') => {
    const res = await call(op, 'GET', `/api/admin/chain/holds${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ChainHoldList;
  };
  const release = (who: TestUser, id: string, note = 'the transaction is back in block 7; checked on two explorers') =>
    call(who, 'POST', '/api/admin/chain/holds/release', { id, note });
  /** What a refused withdrawal must not have written: requests, journal rows, e-mails, balances. */
  const footprint = async (who: TestUser) => {
    const db = t.ctx.db;
    const count = async (table: 'withdrawal_request' | 'ledger_tx' | 'email_outbox') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('user_id', '=', who.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const me = (await call(who, 'GET', '/api/me')).json() as { balance: string; withdrawalHold: string };
    return {
      requests: await count('withdrawal_request'),
      journal: await count('ledger_tx'),
      mail: await count('email_outbox'),
      balance: me.balance,
      held: me.withdrawalHold,
    };
  };

  beforeAll(async () => {
    chain = new TestChain('BTC');
    peer = await startEsploraPeer(chain);
    t = await createTestApp({
      DEMO_MODE: 'false',
      DEPOSIT_XPUB_BTC: ZPUB,
      ESPLORA_URL_BTC: peer.url,
      CONFIRMATIONS_BTC: '2',
      // Holds, not payouts (payouts.test.ts): approvals settle without a payout transaction.
      PAYOUT_CHECK: 'record',
    });
    watch = createChainWatch(t.ctx, { error: () => {}, warn: () => {} });
    ana = await createUser(t, { firstName: 'Ana', lastName: 'Held' });
    ben = await createUser(t, { firstName: 'Ben', lastName: 'Free' });
    op = await createAdmin(t);
    op2 = await createAdmin(t);
    await fund(t.ctx, ana.id, 100_00);
    await fund(t.ctx, ben.id, 100_00);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  let hold: ChainHold;
  let pendingBefore: string;

  it('a credited payment that leaves the chain holds its owner: withdrawals and approvals refused, nothing written', async () => {
    // A withdrawal filed before the reorganisation: still pending when the hold is raised.
    const early = await withdraw(ana);
    expect(early.statusCode, early.body).toBe(201);
    pendingBefore = early.json().id as string;

    await watch.run();
    const tx = chain.pay([[await addressOf(ana), 60_000]]);
    const gone = chain.mine([tx]);
    chain.mine();
    await watch.run();
    // Crediting is another point's work: what it sets, set by hand.
    await t.ctx.db
      .updateTable('chain_payment')
      .set({ credited_at: new Date().toISOString() })
      .where('txid', '=', tx.txid)
      .execute();
    expect(await heldFor(ana)).toEqual({ held: false, since: null });

    chain.reorg(2);
    chain.mine();
    chain.mine();
    chain.mine();
    await watch.run();

    const listed = await openHolds();
    expect(listed.open).toBe(1);
    expect(listed.holds).toEqual([
      expect.objectContaining({
        coin: 'BTC',
        txid: tx.txid,
        vout: 0,
        blockHash: gone.hash,
        amount: '0.0006',
        user: expect.objectContaining({ id: ana.id, uid: ana.uid }),
        release: null,
      }),
    ]);
    hold = listed.holds[0]!;
    expect((await heldFor(ana)).held).toBe(true);
    expect((await heldFor(ana)).since).toBe(hold.raisedAt);

    const before = await footprint(ana);
    const refused = await withdraw(ana, '5.00');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('withdrawals_held_chain');
    expect(await footprint(ana)).toEqual(before);

    // Nor to another person: a transfer is a way out too.
    const transfer = await call(ana, 'POST', '/api/transfers', { recipientUid: ben.uid, amount: '5.00' });
    expect([transfer.statusCode, transfer.json().error.code]).toEqual([409, 'transfers_held_chain']);
    expect(await footprint(ana)).toEqual(before);

    // The withdrawal filed before the hold: no operator approves it (not even a first approval) while it is open.
    const approval = await call(op, 'POST', `/api/admin/withdrawals/${pendingBefore}/approve`, {});
    expect(approval.statusCode, approval.body).toBe(409);
    expect(approval.json().error.code).toBe('withdrawals_held_chain');
    const pending = await t.ctx.db
      .selectFrom('withdrawal_request')
      .select(['status', 'first_approved_by', 'settle_tx_id'])
      .where('id', '=', pendingBefore)
      .executeTakeFirstOrThrow();
    expect(pending).toEqual({ status: 'pending', first_approved_by: null, settle_tx_id: null });
    expect(await footprint(ana)).toEqual(before);
  });

  it('a hold for one person does not affect another', async () => {
    expect(await heldFor(ben)).toEqual({ held: false, since: null });
    const res = await withdraw(ben);
    expect(res.statusCode, res.body).toBe(201);
    const approved = await call(op, 'POST', `/api/admin/withdrawals/${res.json().id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await openHolds(`?userId=${encodeURIComponent(ben.id)}`)).holds).toEqual([]);
    expect((await openHolds(`?userId=${encodeURIComponent(ana.id)}`)).open).toBe(1);
  });

  it('only operators list and release holds, with a note', async () => {
    for (const who of [ana, ben]) {
      expect((await call(who, 'GET', '/api/admin/chain/holds')).statusCode).toBe(403);
      expect((await release(who, hold.id)).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/api/admin/chain/holds')).statusCode).toBe(401);
    expect((await release(op, hold.id, '   ')).statusCode).toBe(400);
    expect((await release(op, 'BTC-nothing')).statusCode).toBe(400);
    const unknown = await release(op, `BTC-${'ab'.repeat(32)}-0-${'cd'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('chain_hold_not_found');
    expect((await heldFor(ana)).held).toBe(true);
  });

  it('an operator releases the hold once: audited with the note, and the person withdraws again', async () => {
    const res = await release(op, hold.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: hold.id, release: { at: expect.any(String), by: { id: op.id } } });
    const row = await t.ctx.db
      .selectFrom('chain_hold')
      .select(['released_at', 'released_by'])
      .where('txid', '=', hold.txid)
      .executeTakeFirstOrThrow();
    expect(row.released_by).toBe(op.id);
    expect(row.released_at).not.toBeNull();
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'chain_hold.release')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: op.id, target_type: 'user', target_id: ana.id, result: 'ok' });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ status: 'released', hold: hold.id, note: expect.any(String) });

    // Twice: refused, by the same operator or another; the trail keeps one row.
    for (const who of [op, op2]) {
      const again = await release(who, hold.id);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().error.code).toBe('chain_hold_already_released');
    }
    expect(
      await t.ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'chain_hold.release').execute(),
    ).toHaveLength(1);

    expect(await heldFor(ana)).toEqual({ held: false, since: null });
    expect((await openHolds()).open).toBe(0);
    const released = await openHolds('?status=released');
    expect(released.holds).toEqual([expect.objectContaining({ id: hold.id, release: expect.anything() })]);

    const again = await withdraw(ana, '5.00');
    expect(again.statusCode, again.body).toBe(201);
    const transfer = await call(ana, 'POST', '/api/transfers', { recipientUid: ben.uid, amount: '1.00' });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const approved = await call(op, 'POST', `/api/admin/withdrawals/${pendingBefore}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('an operator does not release a hold on their own account', async () => {
    await t.ctx.db
      .insertInto('chain_hold')
      .values({
        coin: 'BTC',
        txid: 'ef'.repeat(32),
        vout: 1,
        user_id: op2.id,
        block_hash: '12'.repeat(32),
        raised_at: new Date().toISOString(),
        released_at: null,
        released_by: null,
      })
      .execute();
    const id = `BTC-${'ef'.repeat(32)}-1-${'12'.repeat(32)}`;
    const own = await release(op2, id);
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().error.code).toBe('own_request');
    expect((await release(op, id)).statusCode).toBe(200);
  });
});
