import { createHash, createPublicKey, verify } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLiabilityTree } from '../../src/core/liabilities/build';
import { nobleHashes } from '../../src/core/liabilities/noble';
import { checkPinnedRound } from '../../src/core/liabilities/pinned-round';
import { fromHex, type PublishedRound } from '../../src/core/liabilities/tree';
import { verifyProof } from '../../src/core/liabilities/verify';
import type { LiabilityProof, LiabilityRounds } from '../../src/contracts/liabilities';
import { CLI_SOURCE } from '../../src/server/modules/audit/audit.service';
import { insertNonces } from '../../src/server/modules/liabilities/liabilities.repo';
import { nodeEd25519 } from '../../src/verifier/node-ed25519';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { fund } from '../support/money';
import { callAs, createUser, type TestUser } from '../support/users';

const by = { actorId: 'cli', source: CLI_SOURCE };

describe(`proof of liabilities (${testDialect})`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let zoe: TestUser;

  const rounds = async () => (await callAs(t, null, 'GET', '/api/liabilities/rounds')).json() as LiabilityRounds;
  const published = (r: LiabilityRounds['rounds'][number]): PublishedRound => ({
    round: r.round,
    asset: r.asset,
    height: r.height,
    root: r.root,
    total: r.total,
  });
  const nonceOf = async (u: TestUser) =>
    ((await callAs(t, u, 'GET', '/api/liabilities/nonce')).json() as { nonce: string }).nonce;
  const proofOf = async (u: TestUser, round: number) => {
    const res = await callAs(t, u, 'GET', `/api/liabilities/rounds/${round}/proof`);
    expect(res.statusCode).toBe(200);
    return res.json() as LiabilityProof;
  };
  const verifyAs = async (u: TestUser, round: LiabilityRounds['rounds'][number], expectedBalance?: number) => {
    const answer = await proofOf(u, round.round);
    if (answer.kind !== 'proof') throw new Error('expected a proof');
    return verifyProof(nobleHashes, {
      published: published(round),
      proof: answer.proof,
      accountNonce: await nonceOf(u),
      ...(expectedBalance === undefined ? {} : { expectedBalance }),
    });
  };

  /** What the journal says each user is owed at a round's watermark: entries the snapshot saw, nothing else. */
  async function ledgerAt(watermark: string): Promise<Map<string, number>> {
    const maxId = Number(/^entry (\d+)/.exec(watermark)![1]);
    const snapshot = /snapshot (.+)$/.exec(watermark)?.[1];
    const visible =
      testDialect === 'postgres'
        ? sql`pg_visible_in_snapshot(e.commit_xid, ${snapshot}::pg_snapshot)`
        : sql`e.id <= ${maxId}`;
    const rows = await sql<{ owner_id: string; cents: string | number }>`
      select a.owner_id, sum(e.amount_cents) as cents from ledger_entry e join ledger_account a on a.id = e.account_id
      where a.kind in ('available', 'invested', 'withdrawal_hold') and ${visible}
      group by a.owner_id having sum(e.amount_cents) <> 0`.execute(t.ctx.db);
    return new Map(rows.rows.map((r) => [r.owner_id, Number(r.cents)]));
  }

  beforeAll(async () => {
    t = await createTestApp({ LIABILITIES_MIN_HEIGHT: '4' });
    [alice, bob, zoe] = [await createUser(t), await createUser(t), await createUser(t)];
    await fund(t.ctx, alice.id, 125_050);
    await fund(t.ctx, bob.id, 99);
  });
  afterAll(async () => t.close());

  it('publishes a signed round whose total is the ledger, appends it to the sealed trail, and lists it publicly', async () => {
    const round = await t.app.services.liabilities.runRound(by);
    expect(round).toMatchObject({ round: 1, total: 125_149, height: 4, investors: 2 });

    const list = await rounds();
    expect(list.rounds).toHaveLength(1);
    const r = list.rounds[0]!;
    expect(r).toMatchObject({ round: 1, total: 125_149, root: round.root, watermark: round.watermark });
    expect(JSON.parse(r.statement)).toMatchObject({ round: 1, root: r.root, total: r.total, height: r.height });
    const key = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(list.publicKey, 'base64url')]),
      format: 'der',
      type: 'spki',
    });
    expect(verify(null, Buffer.from(r.statement), key, Buffer.from(r.signature, 'base64url'))).toBe(true);
    expect(
      verify(null, Buffer.from(r.statement.replace('125149', '125148')), key, Buffer.from(r.signature, 'base64url')),
    ).toBe(false);

    const trail = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('action', '=', 'liabilities.publish')
      .where('target_id', '=', '1')
      .execute();
    expect(trail).toHaveLength(1);
    expect(JSON.parse(trail[0]!.after!)).toEqual({
      statement: r.statement,
      signature: r.signature,
      publicKey: list.publicKey,
    });

    // Each round names the key it was signed with; the fingerprint published beside the key pins it.
    expect(r.publicKey).toBe(list.publicKey);
    expect(list.fingerprint).toBe(createHash('sha256').update(Buffer.from(list.publicKey, 'base64url')).digest('hex'));
    expect(await checkPinnedRound(nobleHashes, nodeEd25519, list, 1, list.fingerprint)).toMatchObject({
      ok: true,
      round: published(r),
    });
    expect(await checkPinnedRound(nobleHashes, nodeEd25519, list, 1, 'ab'.repeat(32))).toMatchObject({
      ok: false,
      failure: 'key_mismatch',
    });
  });

  it('gives each investor only their own proof, which verifies against the published root', async () => {
    const r = (await rounds()).rounds[0]!;
    const a = await verifyAs(alice, r, 125_050);
    expect(a).toMatchObject({ ok: true, balance: 125_050 });
    expect(await verifyAs(bob, r)).toMatchObject({ ok: true, balance: 99 });

    const answer = await proofOf(alice, r.round);
    const text = JSON.stringify(answer);
    for (const other of [bob, zoe]) {
      expect(text).not.toContain(other.id);
      expect(text).not.toContain(other.uid);
    }
    expect(text).not.toContain(alice.id);
    // Alice's file checked with Bob's nonce: her leaves are not his.
    if (answer.kind !== 'proof') throw new Error('expected a proof');
    expect(
      verifyProof(nobleHashes, { published: published(r), proof: answer.proof, accountNonce: await nonceOf(bob) }),
    ).toMatchObject({ ok: false, failure: 'leaf_mismatch' });
  });

  it('tells an investor owed nothing so, signed; refuses strangers and unknown rounds', async () => {
    const answer = await proofOf(zoe, 1);
    expect(answer.kind).toBe('nothing_owed');
    if (answer.kind !== 'nothing_owed') return;
    expect(JSON.parse(answer.statement)).toMatchObject({ format: 'atlas-nothing-owed/1', round: 1, owed: 0 });
    const key = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(answer.publicKey, 'base64url')]),
      format: 'der',
      type: 'spki',
    });
    expect(verify(null, Buffer.from(answer.statement), key, Buffer.from(answer.signature, 'base64url'))).toBe(true);

    expect((await callAs(t, null, 'GET', '/api/liabilities/rounds/1/proof')).statusCode).toBe(401);
    expect((await callAs(t, null, 'GET', '/api/liabilities/nonce')).statusCode).toBe(401);
    const missing = await callAs(t, alice, 'GET', '/api/liabilities/rounds/99/proof');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'liability_round_not_found' } });
  });

  it('a round built during concurrent transfers equals the ledger at its watermark, and rebuilds from its seed', async () => {
    const transfers = t.app.services.transfers;
    const moves = Array.from({ length: 60 }, (_, i) =>
      i % 2 === 0
        ? transfers.transfer(alice.id, { recipientUid: bob.uid, amount: '3.00' })
        : transfers.transfer(bob.id, { recipientUid: zoe.uid, amount: '0.01' }),
    );
    const [round] = await Promise.all([
      t.app.services.liabilities.runRound(by),
      Promise.allSettled(moves),
      fund(t.ctx, zoe.id, 5_000),
    ]);
    const atWatermark = await ledgerAt(round.watermark);
    expect(round.total).toBe([...atWatermark.values()].reduce((s, v) => s + v, 0));
    const members = await t.ctx.db
      .selectFrom('liability_member')
      .select(['user_id', 'balance_cents'])
      .where('round_no', '=', round.round)
      .execute();
    expect(new Map(members.map((m) => [m.user_id, Number(m.balance_cents)]))).toEqual(atWatermark);

    const nonces = await t.ctx.db.selectFrom('liability_nonce').select(['user_id', 'nonce']).execute();
    const rebuilt = buildLiabilityTree(
      nobleHashes,
      [...atWatermark].map(([key, balance]) => ({
        key,
        balance,
        accountNonce: fromHex(nonces.find((n) => n.user_id === key)!.nonce, 32)!,
      })),
      { round: round.round, asset: 'USD', seed: (await t.app.services.liabilities.seedOf(round.round))!, minHeight: 4 },
    );
    expect(rebuilt.published).toMatchObject({ root: round.root, total: round.total, height: round.height });

    const r = (await rounds()).rounds.find((x) => x.round === round.round)!;
    for (const u of [alice, bob]) expect((await verifyAs(u, r)).balance).toBe(atWatermark.get(u.id));
  });

  it('refuses to publish when the cached balances are not the journal, and publishes nothing', async () => {
    const before = (await rounds()).rounds.length;
    const account = `u:${bob.id}:available`;
    await t.ctx.db
      .updateTable('ledger_account')
      .set((eb) => ({ balance_cents: eb('balance_cents', '+', 1) }))
      .where('id', '=', account)
      .execute();
    try {
      await expect(t.app.services.liabilities.runRound(by)).rejects.toMatchObject({
        code: 'liabilities_total_mismatch',
      });
      expect((await rounds()).rounds).toHaveLength(before);
    } finally {
      await t.ctx.db
        .updateTable('ledger_account')
        .set((eb) => ({ balance_cents: eb('balance_cents', '-', 1) }))
        .where('id', '=', account)
        .execute();
    }
  });

  it("a balance shrunk in SQL after a round is caught by the investor's verification of the next round", async () => {
    const first = await t.app.services.liabilities.runRound(by);
    const r1 = (await rounds()).rounds.find((x) => x.round === first.round)!;
    const known = (await verifyAs(alice, r1)).balance!;

    // Journal and cached balance altered together (with the platform's side), so that the ledger
    // still balances and the round publishes: only the investor can tell.
    const account = `u:${alice.id}:available`;
    const entry = await t.ctx.db
      .selectFrom('ledger_entry')
      .select(['id', 'tx_id'])
      .where('account_id', '=', account)
      .where('amount_cents', '>', 1000)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('ledger_entry')
        .set((eb) => ({ amount_cents: eb('amount_cents', '-', 1000) }))
        .where('id', '=', entry.id!)
        .execute();
      await trx
        .updateTable('ledger_entry')
        .set((eb) => ({ amount_cents: eb('amount_cents', '+', 1000) }))
        .where('tx_id', '=', entry.tx_id)
        .where('account_id', '=', 'platform:platform_deposits')
        .execute();
      await trx
        .updateTable('ledger_account')
        .set((eb) => ({ balance_cents: eb('balance_cents', '-', 1000) }))
        .where('id', '=', account)
        .execute();
      await trx
        .updateTable('ledger_account')
        .set((eb) => ({ balance_cents: eb('balance_cents', '+', 1000) }))
        .where('id', '=', 'platform:platform_deposits')
        .execute();
    });

    const second = await t.app.services.liabilities.runRound(by);
    expect(second.total).toBe(first.total - 1000);
    const r2 = (await rounds()).rounds.find((x) => x.round === second.round)!;
    expect(await verifyAs(alice, r2, known)).toMatchObject({
      ok: false,
      failure: 'balance_mismatch',
      balance: known - 1000,
    });
    expect(await verifyAs(bob, r2)).toMatchObject({ ok: true });
  });

  it('keeps an account nonce another writer made first, and says which nonces it wrote', async () => {
    const before = await nonceOf(alice);
    const at = new Date().toISOString();
    const written = await insertNonces(t.ctx.db, t.ctx.dialect, [
      { user_id: alice.id, nonce: '00'.repeat(32), created_at: at },
      { user_id: zoe.id, nonce: '11'.repeat(32), created_at: at },
      { user_id: 'nobody-yet', nonce: '22'.repeat(32), created_at: at },
    ]);
    expect(written).toEqual(['nobody-yet']);
    expect(await nonceOf(alice)).toBe(before);
    expect(await nonceOf(zoe)).not.toBe('11'.repeat(32));
  });

  it('serves the rounds list to be revalidated on every use: a new round shows at once, an unchanged list is a 304', async () => {
    expect(await t.app.services.liabilities.anythingOwed()).toBe(true);
    const before = await callAs(t, null, 'GET', '/api/liabilities/rounds');
    expect(before.headers['cache-control']).toBe('public, no-cache');
    const etag = String(before.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/liabilities/rounds',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.app.services.liabilities.runRound(by);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/liabilities/rounds',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as LiabilityRounds).rounds.length).toBe((before.json() as LiabilityRounds).rounds.length + 1);
  });
});
