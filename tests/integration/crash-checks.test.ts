import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as act from '../crash/actions';
import type { Driver } from '../crash/actions';
import { HttpClient } from '../crash/http';
import { checkData, uploadState } from '../crash/invariants';
import { resolveUnanswered } from '../crash/resolve';
import { Rng } from '../crash/rng';
import { World } from '../crash/world';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { createAdmin, createUser } from '../support/users';

// The crash round is only as good as its checks: here they must see what happened to a request
// whose answer was lost, and must flag data that is not whole.
describe(`crash round checks (${testDialect})`, () => {
  let t: TestApp;
  let d: Driver;
  let uploadsDir: string;

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    uploadsDir = (t.ctx.config.storage as { dir: string }).dir;
    const world = new World();
    world.life = 1;
    const admin = await createAdmin(t);
    world.admin = { ...admin };
    for (let i = 0; i < 2; i++) {
      const u = await createUser(t);
      world.users.push({ id: u.id, uid: u.uid, email: u.email, password: u.password, cookie: u.cookie });
      // Each signup is one the world knows of, as the traffic would have booked it.
      world.newOp({ kind: 'signup', userId: u.id, method: 'POST', path: '/api/accounts/signup' }).outcome = 'ok';
      world.balance(u.id);
    }
    d = {
      world,
      http: new HttpClient(`http://127.0.0.1:${port}`),
      rng: new Rng(7),
      proofs: [await sampleImage('png', 24, 16)],
    };
  });
  afterAll(async () => {
    d.http.close();
    await t.close();
  });

  it('agree with the database after answered traffic', async () => {
    const [a, b] = [d.world.users[0]!, d.world.users[1]!];
    const dep = await act.deposit(d, a, 500_00);
    await act.decide(d, 'approveDeposit', dep.createdId!);
    await act.invest(d, a, 100_00);
    await act.transfer(d, a, b, 50_00);
    const w = await act.withdraw(d, b, 20_00);
    await act.decide(d, 'rejectWithdrawal', w.createdId!);
    expect(d.world.ops.filter((o) => o.outcome === 'ok')).toHaveLength(2 + 6);
    await checkData(t.ctx.db, d.world);
    expect((await uploadState(t.ctx.db, d.world, uploadsDir)).orphans).toEqual([]);
    expect(d.world.problems).toEqual([]);
  });

  it('find a request whose answer was lost applied whole, and one never sent not applied', async () => {
    const [a, b] = [d.world.users[0]!, d.world.users[1]!];
    const sentButUnanswered = d.world.newOp({
      kind: 'transfer',
      userId: a.id,
      recipientId: b.id,
      key: 'lost-answer-1',
      amount: 12_34,
      method: 'POST',
      path: '/api/transfers',
      json: { recipientUid: b.uid, amount: '12.34' },
    });
    await act.send(d, sentButUnanswered);
    sentButUnanswered.outcome = 'unanswered';
    const neverArrived = d.world.newOp({
      kind: 'invest',
      userId: a.id,
      key: 'lost-request-1',
      amount: 1_00,
      method: 'POST',
      path: '/api/investments',
      json: { area: 'stocks', amount: '1.00' },
    });
    neverArrived.outcome = 'unanswered';

    expect(await resolveUnanswered(t.ctx.db, d.world, uploadsDir)).toEqual({ applied: 1, lost: 1 });
    expect(sentButUnanswered.outcome).toBe('applied');
    expect(sentButUnanswered.createdId).toBeTruthy();
    expect(neverArrived.outcome).toBe('lost');
    await checkData(t.ctx.db, d.world);
    expect(d.world.problems).toEqual([]);
  });

  it('flag a transaction without its row, a drifted balance and an orphan proof', async () => {
    const a = d.world.users[0]!;
    await t.ctx.db
      .deleteFrom('internal_transfer')
      .where('id', '=', d.world.ops.find((o) => o.kind === 'transfer')!.createdId!)
      .execute();
    await t.ctx.db
      .updateTable('ledger_account')
      .set({ balance_cents: 1 })
      .where('id', '=', `u:${a.id}:invested`)
      .execute();
    await checkData(t.ctx.db, d.world);
    const problems = d.world.problems.join('\n');
    expect(problems).toContain('transfer transaction without its transfer row');
    expect(problems).toContain('verify-ledger: account u:');
    expect(problems).toMatch(/balances of .*invested":1/);
    expect(problems).toMatch(/transfer #\d+: [0-9a-f-]+ missing/);

    const orphan = await t.app.services.proofs.put(a.id, Buffer.from('x'), 'png', new Date());
    expect((await uploadState(t.ctx.db, d.world, uploadsDir)).orphans).toEqual([orphan]);
  });
});
