import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIABILITIES_TTL_S } from '../../src/server/modules/backoffice/overview.service';
import { runRequestedVerification } from '../../src/server/modules/backoffice/verification.job';
import { MAX_MATCHES } from '../../src/server/modules/backoffice/proof-match';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { copiesOf, walletScreenshot } from '../support/screenshots';
import { createAdmin, createUser, type TestUser } from '../support/users';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function form(amount: string, bytes: Buffer, type = 'image/png'): FormData {
  const data = new FormData();
  data.append('amount', amount);
  data.append('proof', new Blob([new Uint8Array(bytes)], { type }), 'proof');
  return data;
}

describe(`back office: overview, users, re-used proofs (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let helene: TestUser;
  let helena: TestUser;
  let bob: TestUser;

  const as = (who: TestUser | null) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} }),
    post: (url: string, payload?: unknown) =>
      t.app.inject({ method: 'POST', url, payload: payload as never, headers: who ? { cookie: who.cookie } : {} }),
    del: (url: string) => t.app.inject({ method: 'DELETE', url, headers: who ? { cookie: who.cookie } : {} }),
  });
  const overview = async () => {
    const res = await as(admin).get('/api/admin/overview');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const deposit = async (who: TestUser, amount: string, bytes: Buffer, type?: string) => {
    const res = await as(who).post('/api/deposits', form(amount, bytes, type));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const queueCard = async (id: string) => {
    const res = await as(admin).get('/api/admin/deposits?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    return (
      res.json().items as Array<{
        id: string;
        sameImageAs: Array<{ depositId: string; kind: string; user: { uid: string } }>;
      }>
    ).find((d) => d.id === id)!;
  };

  beforeAll(async () => {
    t = await createTestApp({
      DEMO_MODE: 'true', // many proofs per person here; the caps have their own tests (account-abuse-limits)
      MAX_PENDING_DEPOSITS: '100',
      PROOF_UPLOADS_PER_HOUR: '100',
    });
    admin = await createAdmin(t, { firstName: 'Ops', lastName: 'Desk' });
    helene = await createUser(t, { firstName: 'Hélène', lastName: 'Dürand' });
    helena = await createUser(t, { firstName: 'Helena', lastName: 'Smith' });
    bob = await createUser(t, { firstName: 'Bob', lastName: 'Hélary' });
  }, 60_000);
  afterAll(async () => t.close());

  describe('user search', () => {
    it('finds by name prefix whatever the case and accents', async () => {
      const res = await as(admin).get(`/api/admin/users?q=${encodeURIComponent('HELE')}`);
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json().items as Array<{ id: string }>).map((u) => u.id);
      expect(ids).toContain(helene.id);
      expect(ids).toContain(helena.id);
      expect(ids).not.toContain(bob.id);
      for (const q of ['helene', 'Hélène', 'HÉLENE D']) {
        const found = (await as(admin).get(`/api/admin/users?q=${encodeURIComponent(q)}`)).json().items as Array<{
          id: string;
        }>;
        expect(
          found.map((u) => u.id),
          q,
        ).toEqual([helene.id]);
      }
    });

    it('finds by last name, UID, e-mail and username', async () => {
      const find = async (q: string) =>
        (
          (await as(admin).get(`/api/admin/users?q=${encodeURIComponent(q)}`)).json().items as Array<{ id: string }>
        ).map((u) => u.id);
      expect(await find('durand')).toEqual([helene.id]);
      expect(await find('hela')).toEqual([bob.id]);
      expect(await find(helena.uid.toLowerCase())).toEqual([helena.id]);
      expect(await find(helena.email.slice(0, helena.email.indexOf('@')).toUpperCase())).toContain(helena.id);
      expect(await find(bob.username)).toEqual([bob.id]);
      expect(await find('zzz-nobody')).toEqual([]);
    });

    it('pages with a keyset cursor: every match once, in order, none lost or repeated', async () => {
      const extra: string[] = [];
      for (let i = 0; i < 5; i++) extra.push((await createUser(t, { firstName: `Page${i}`, lastName: 'Paginé' })).id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await as(admin).get(`/api/admin/users?q=page&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { items: Array<{ id: string }>; nextCursor: string | null };
        expect(body.items.length).toBeLessThanOrEqual(2);
        seen.push(...body.items.map((u) => u.id));
        cursor = body.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      // Each user matches twice (first name "pageN…" and last name "pagine"), yet appears once.
      expect(seen.sort()).toEqual([...extra].sort());
      expect(pages).toBe(3);
    });

    it('without a search, lists every user newest first in keyset pages; a search narrows it', async () => {
      const newest = await createUser(t, { firstName: 'Newest', lastName: 'Signup' });
      const first = await as(admin).get('/api/admin/users?limit=3');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().items[0].id).toBe(newest.id);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await as(admin).get(`/api/admin/users?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { items: Array<{ id: string; createdAt: string }>; nextCursor: string | null };
        expect(body.items.length).toBeLessThanOrEqual(3);
        seen.push(...body.items.map((u) => u.id));
        cursor = body.nextCursor;
        pages++;
      } while (cursor && pages < 50);
      const all = await t.ctx.db
        .selectFrom('user_profile')
        .select(['user_id', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('user_id', 'desc')
        .execute();
      // Every user once, none lost or repeated, in (created_at, id) order descending.
      expect(seen).toEqual(all.map((r) => r.user_id));
      expect(new Set(seen).size).toBe(seen.length);

      const narrowed = (await as(admin).get('/api/admin/users?q=newest')).json().items as Array<{ id: string }>;
      expect(narrowed.map((u) => u.id)).toEqual([newest.id]);
      // The list is the operators' only: an investor is refused.
      expect((await as(helene).get('/api/admin/users')).statusCode).toBe(403);
    });

    it('refuses a forged cursor and an empty query with a 400', async () => {
      expect((await as(admin).get('/api/admin/users?q=a&cursor=not-a-cursor')).statusCode).toBe(400);
      expect((await as(admin).get('/api/admin/users?q=')).statusCode).toBe(400);
    });
  });

  describe("a user's page", () => {
    it('shows profile, level, balances, investments, requests, transfers, sessions and the statement', async () => {
      await fund(t.ctx, helene.id, 500_00);
      expect((await as(helene).post('/api/investments', { area: 'stocks', amount: '200.00' })).statusCode).toBe(201);
      expect((await as(helene).post('/api/transfers', { recipientUid: bob.uid, amount: '10.00' })).statusCode).toBe(
        201,
      );
      const res = await as(admin).get(`/api/admin/users/${helene.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const u = res.json();
      expect(u.profile).toMatchObject({ id: helene.id, uid: helene.uid, fullName: 'Hélène Dürand' });
      expect(u.balances).toMatchObject({ available: '290.00', invested: '200.00', held: '0.00' });
      expect(u.level).toEqual(expect.any(String));
      expect(u.investments).toHaveLength(1);
      expect(u.history.transfers).toHaveLength(1);
      expect(u.sessions.length).toBeGreaterThanOrEqual(1);
      const st = await as(admin).get(`/api/admin/users/${helene.id}/statement`);
      expect(st.statusCode, st.body).toBe(200);
      const lines = st.json().lines as Array<{ kind: string; balance: string }>;
      expect(lines.map((l) => [l.kind, l.balance])).toEqual([
        ['transfer_out', '290.00'],
        ['investment', '300.00'],
        ['deposit', '500.00'],
      ]);
      expect((await as(admin).get('/api/admin/users/nobody')).statusCode).toBe(404);
      expect((await as(admin).get('/api/admin/users/nobody/statement')).statusCode).toBe(404);
    });

    it('revokes one session, then all of them', async () => {
      const carl = await createUser(t, { firstName: 'Carl', lastName: 'Revoked' });
      const listed = (await as(admin).get(`/api/admin/users/${carl.id}`)).json().sessions as Array<{ id: string }>;
      const one = await as(admin).del(`/api/admin/users/${carl.id}/sessions/${listed[0]!.id}`);
      expect(one.json()).toEqual({ revoked: 1 });
      expect((await as(carl).get('/api/portfolio')).statusCode).toBe(401);
      const again = await createUserSession(carl);
      const all = await as(admin).del(`/api/admin/users/${carl.id}/sessions`);
      expect(all.json().revoked).toBeGreaterThanOrEqual(1);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/portfolio', headers: { cookie: again } })).statusCode,
      ).toBe(401);
    });
  });

  async function createUserSession(who: TestUser): Promise<string> {
    const { login } = await import('../support/users');
    return login(t, who.email, who.password);
  }

  describe('overview', () => {
    it('counts pending requests, today’s approvals and reconciles liabilities with the ledger', async () => {
      const before = await overview();
      const png = await walletScreenshot('0.0100 BTC', ADDRESS);
      const id = await deposit(helena, '40.00', png);
      const after = await overview();
      expect(after.pending.deposits.count).toBe(before.pending.deposits.count + 1);
      expect(Number(after.pending.deposits.sum) - Number(before.pending.deposits.sum)).toBeCloseTo(40, 2);
      expect((await as(admin).post(`/api/admin/deposits/${id}/approve`)).statusCode).toBe(200);
      const approved = await overview();
      expect(approved.today.deposits.count).toBe(before.today.deposits.count + 1);
      expect(approved.liabilities.reconciled).toBe(true);
      expect(approved.liabilities.difference).toBe('0.00');
      expect(approved.liabilities.total).toBe(approved.liabilities.expected);
      expect(approved.awaitingSecond).toEqual({
        deposits: { count: 0, sum: '0.00' },
        withdrawals: { count: 0, sum: '0.00' },
      });
    });

    it('raises the flag with the difference when a balance row is altered directly in SQL', async () => {
      await sql`update ledger_account set balance_cents = balance_cents + 1234 where id = ${`u:${helena.id}:available`}`.execute(
        t.ctx.db,
      );
      // The sums are kept a few seconds (decision 019): the next read after that sees the change.
      t.clock.advance(LIABILITIES_TTL_S * 1000);
      const o = await overview();
      expect(o.liabilities.reconciled).toBe(false);
      expect(o.liabilities.difference).toBe('12.34');
      await sql`update ledger_account set balance_cents = balance_cents - 1234 where id = ${`u:${helena.id}:available`}`.execute(
        t.ctx.db,
      );
      expect((await overview()).liabilities.reconciled, 'kept for a few seconds').toBe(false);
      t.clock.advance(LIABILITIES_TTL_S * 1000);
      expect((await overview()).liabilities.reconciled).toBe(true);
    });

    it('runs a requested verification through the job, not in the request', async () => {
      expect((await overview()).verification).toMatchObject({ last: null, seals: null });
      const asked = await as(admin).post('/api/admin/verifications');
      expect(asked.statusCode, asked.body).toBe(202);
      expect((await overview()).verification).toMatchObject({ last: null, requestedAt: asked.json().requestedAt });
      // Asking again while it waits adds nothing.
      expect((await as(admin).post('/api/admin/verifications')).json().requestedAt).toBe(asked.json().requestedAt);
      expect(await runRequestedVerification(t.ctx)).toBe(true);
      expect(await runRequestedVerification(t.ctx)).toBe(false);
      const o = await overview();
      expect(o.verification.requestedAt).toBeNull();
      expect(o.verification.last).toMatchObject({ ok: true, problems: 0 });
      // Both kinds are shown: the seals' run is recorded apart from the ledger's.
      expect(o.verification.seals).toMatchObject({ ok: true, problems: 0, ranAt: o.verification.last.ranAt });
      // A tampered balance is found by the next run.
      await sql`update ledger_account set balance_cents = balance_cents + 1 where id = ${`u:${helena.id}:available`}`.execute(
        t.ctx.db,
      );
      await as(admin).post('/api/admin/verifications');
      await runRequestedVerification(t.ctx);
      expect((await overview()).verification).toMatchObject({ last: { ok: false }, seals: { ok: true } });
      await sql`update ledger_account set balance_cents = balance_cents - 1 where id = ${`u:${helena.id}:available`}`.execute(
        t.ctx.db,
      );
    });

    it('shows the outbox and puts failed e-mails back in the queue', async () => {
      await sql`update email_outbox set status = 'failed', attempts = 8, last_error = 'smtp down'`.execute(t.ctx.db);
      const failed = (await overview()).outbox.failed;
      expect(failed).toBeGreaterThan(0);
      const retried = await as(admin).post('/api/admin/outbox/retry');
      expect(retried.json()).toEqual({ retried: failed });
      const o = await overview();
      expect(o.outbox.failed).toBe(0);
      expect(o.outbox.pending).toBeGreaterThanOrEqual(failed);
    });

    it('counts the pending requests that wait for a second approval', async () => {
      const png = await walletScreenshot('0.0200 BTC', ADDRESS);
      const id = await deposit(helena, '1500.00', png);
      const before = await overview();
      expect(before.awaitingSecond.deposits).toEqual({ count: 0, sum: '0.00' });
      // At or above DUAL_CONTROL_FROM (1000.00 by default), a first approval leaves it pending for a second operator.
      const first = await as(admin).post(`/api/admin/deposits/${id}/approve`);
      expect(first.json()).toMatchObject({ stage: 'awaiting_second' });
      const after = await overview();
      expect(after.awaitingSecond.deposits).toEqual({ count: 1, sum: '1500.00' });
      expect(after.pending.deposits.count).toBe(before.pending.deposits.count);
      await as(admin).post(`/api/admin/deposits/${id}/reject`, { reason: 'duplicate_request', note: 'test' });
      expect((await overview()).awaitingSecond.deposits).toEqual({ count: 0, sum: '0.00' });
    });

    it('is for operators only', async () => {
      expect((await as(helena).get('/api/admin/overview')).statusCode).toBe(403);
      expect((await as(null).get('/api/admin/overview')).statusCode).toBe(401);
      expect((await as(helena).post('/api/admin/verifications')).statusCode).toBe(403);
    });
  });

  describe('re-used proofs', () => {
    it(
      'flags the same image sent by another user, exactly or as a copy, on both cards',
      { timeout: 120_000 },
      async () => {
        const original = await walletScreenshot('0.3141 BTC', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
        const first = await deposit(helene, '300.00', original);
        const exact = await deposit(bob, '300.00', original);
        const exactCard = await queueCard(exact);
        expect(exactCard.sameImageAs).toEqual([
          expect.objectContaining({
            depositId: first,
            kind: 'exact',
            user: expect.objectContaining({ uid: helene.uid }),
          }),
        ]);
        expect((await queueCard(first)).sameImageAs.map((m) => m.depositId)).toContain(exact);

        for (const [name, copy] of Object.entries(await copiesOf(original))) {
          const type =
            name.includes('JPEG') || name.includes('recompressed')
              ? 'image/jpeg'
              : name.includes('WebP')
                ? 'image/webp'
                : 'image/png';
          const id = await deposit(bob, '300.00', copy, type);
          const card = await queueCard(id);
          expect(
            card.sameImageAs.map((m) => m.depositId),
            name,
          ).toContain(first);
        }
      },
    );

    it('keeps at most ten matches per proof, however often one image is sent', { timeout: 60_000 }, async () => {
      const png = await sampleImage('png', 80, 60);
      const ids: string[] = [];
      for (let i = 0; i < 13; i++) {
        t.clock.advance(1000);
        ids.push(await deposit(i % 2 ? bob : helena, '1.00', png));
      }
      const last = await queueCard(ids.at(-1)!);
      expect(last.sameImageAs).toHaveLength(MAX_MATCHES);
      // The original is named first.
      expect(last.sameImageAs[0]!.depositId).toBe(ids[0]);
      expect((await queueCard(ids[0]!)).sameImageAs).toHaveLength(MAX_MATCHES);
      const rows = await t.ctx.db
        .selectFrom('proof_match')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deposit_id', 'in', ids)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBeLessThanOrEqual(2 * MAX_MATCHES * ids.length);
    });

    it('does not flag different screenshots of the same wallet app', { timeout: 60_000 }, async () => {
      const a = await deposit(
        helene,
        '12.00',
        await walletScreenshot('0.0012 BTC', 'bc1q9h7garjdyw5hs2pvkq8jxmsnp3n6sy8pd5kkln'),
      );
      const b = await deposit(
        bob,
        '13.00',
        await walletScreenshot('0.0013 BTC', 'bc1q9h7garjdyw5hs2pvkq8jxmsnp3n6sy8pd5kkln'),
      );
      const c = await deposit(
        helena,
        '12.00',
        await walletScreenshot('0.0012 BTC', 'bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3h'),
      );
      for (const id of [a, b, c]) expect((await queueCard(id)).sameImageAs, id).toEqual([]);
    });
  });
});
