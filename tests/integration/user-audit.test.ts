import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage, seededImage } from '../support/images';
import { fund } from '../support/money';
import { callAs, createAdmin, createUser, type CallArgs, type TestUser } from '../support/users';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

type Who = { id: string; uid: string | null; email: string | null; fullName: string | null };
type Row = {
  id: string;
  at: string;
  action: string;
  actor: Who;
  target: { type: string; id: string; uid: string | null };
  subject: Who | null;
};
type Page = { items: Row[]; nextCursor: string | null };

/**
 * A person's trail on their back-office page holds the decisions taken about them, not only what
 * they did; every row names the person concerned (issue 46, item 6).
 */
describe(`the decisions about a person in their trail (${testDialect})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let zoe: TestUser;
  let max: TestUser;
  let png: Buffer;
  let seed = 4600;
  /** The rows expected on Zoé's page: `action by actor on target`. */
  const expected: string[] = [];
  const ids: Record<string, string> = {};

  const call = (...[who, method, url, payload, headers = {}]: CallArgs) =>
    callAs(t, who, method, url, payload, { 'user-agent': 'user-audit-test', ...headers });
  const ok = async (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const identity = async (who: TestUser, previousId?: string) => {
    const data = new FormData();
    if (previousId) data.append('previousId', previousId);
    for (const [k, v] of Object.entries({
      documentType: 'id_card',
      documentNumber: 'ZM460006',
      documentExpiry: '2032-01-01',
    }))
      data.append(k, v);
    for (const slot of ['front', 'back', 'selfie', 'address'])
      data.append(slot, new Blob([new Uint8Array(await seededImage(seed++))], { type: 'image/png' }), `${slot}.png`);
    return (await ok(who, 'POST', '/api/identity', data)).current.id as string;
  };
  const deposit = async (who: TestUser, amount: string) => {
    const form = new FormData();
    form.append('amount', amount);
    form.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    return (await ok(who, 'POST', '/api/deposits', form)).id as string;
  };
  const withdrawal = async (who: TestUser, amount: string) =>
    (await ok(who, 'POST', '/api/withdrawals', { amount, crypto: 'BTC', address: BTC })).id as string;
  /** An operator's step on Zoé's item, and the row it must leave on her page. */
  const decide = async (by: TestUser, url: string, action: string, target: string, payload: unknown = {}) => {
    await ok(by, 'POST', url, payload);
    expected.push(`${action} by ${by.id} on ${target}`);
  };
  /** Every page of a listing as an operator, following the cursors. */
  const walk = async (base: string, limit: number) => {
    const rows: Row[] = [];
    let cursor: string | null = null;
    do {
      const sep = base.includes('?') ? '&' : '?';
      const page: Page = await ok(ana, 'GET', `${base}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      rows.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return rows;
  };
  const newestFirst = (rows: Row[]) =>
    rows.every((r, i) => i === 0 || rows[i - 1]!.at > r.at || (rows[i - 1]!.at === r.at && rows[i - 1]!.id > r.id));
  const zoeAsSubject = () => ({ id: zoe.id, uid: zoe.uid, email: zoe.email, fullName: zoe.fullName });

  beforeAll(async () => {
    t = await createTestApp({
      DEMO_MODE: 'true',
      DUAL_CONTROL_FROM: '1000.00',
      MONITORING_LARGE_DEPOSIT_FROM: '5000.00',
    });
    ana = await createAdmin(t, { firstName: 'Ana', lastName: 'Compliance' });
    bruno = await createAdmin(t, { firstName: 'Bruno', lastName: 'Second' });
    zoe = await createUser(t, { firstName: 'Zoé', lastName: 'Martin', locale: 'fr' });
    max = await createUser(t, { firstName: 'Max', lastName: 'Other' });
    png = await sampleImage('png');

    // Identity: rejected by Ana, the correction verified by Bruno.
    ids.identity1 = await identity(zoe);
    await decide(ana, `/api/admin/identities/${ids.identity1}/reject`, 'identity.reject', ids.identity1, {
      reason: 'identity_document_unreadable',
    });
    ids.identity2 = await identity(zoe, ids.identity1);
    await decide(bruno, `/api/admin/identities/${ids.identity2}/verify`, 'identity.approve', ids.identity2);
    // A deposit under dual control, one rejected.
    ids.big = await deposit(zoe, '6000.00');
    await decide(ana, `/api/admin/deposits/${ids.big}/approve`, 'deposit.approve_first', ids.big);
    await decide(bruno, `/api/admin/deposits/${ids.big}/approve`, 'deposit.approve_second', ids.big);
    ids.small = await deposit(zoe, '50.00');
    await decide(ana, `/api/admin/deposits/${ids.small}/reject`, 'deposit.reject', ids.small, {
      reason: 'proof_unreadable',
    });
    // The large deposit raises an alert, which Ana resolves.
    await t.app.services.monitoring.run();
    const alerts = (await ok(ana, 'GET', '/api/admin/alerts?status=all')).alerts as Array<{
      id: string;
      user: { id: string };
    }>;
    const alert = alerts.find((a) => a.user.id === zoe.id);
    expect(alert).toBeDefined();
    ids.alert = alert!.id;
    expected.push(`alert.raise by monitoring on ${ids.alert}`);
    await decide(ana, `/api/admin/alerts/${ids.alert}/resolve`, 'alert.resolve', ids.alert, { note: 'Vu.' });
    // Withdrawals: one approved, one rejected.
    ids.out = await withdrawal(zoe, '100.00');
    await decide(bruno, `/api/admin/withdrawals/${ids.out}/approve`, 'withdrawal.approve', ids.out);
    ids.refused = await withdrawal(zoe, '20.00');
    await decide(ana, `/api/admin/withdrawals/${ids.refused}/reject`, 'withdrawal.reject', ids.refused, {
      reason: 'duplicate_request',
    });
    // A freeze of her account.
    await decide(ana, `/api/admin/users/${zoe.uid}/freeze`, 'user.freeze', zoe.id, { reason: 'enquête' });
    // Another person's decision, which must stay off her page.
    await fund(t.ctx, max.id, 1_000);
    ids.maxOut = await withdrawal(max, '10.00');
    await ok(ana, 'POST', `/api/admin/withdrawals/${ids.maxOut}/approve`, {});
  }, 120_000);
  afterAll(async () => t.close());

  it('lists on her page each decision about her, by whom, newest first, across pages', async () => {
    for (const limit of [1, 4, 100]) {
      const rows = await walk(`/api/admin/users/${zoe.id}/audit`, limit);
      expect(newestFirst(rows), `limit ${limit}`).toBe(true);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      const about = rows.filter((r) => r.actor.id !== zoe.id);
      expect(about.map((r) => `${r.action} by ${r.actor.id} on ${r.target.id}`).sort(), `limit ${limit}`).toEqual(
        [...expected].sort(),
      );
      for (const r of about) expect(r.subject, r.action).toEqual(zoeAsSubject());
      // Her own rows (her sign-in) are still there.
      expect(rows.some((r) => r.actor.id === zoe.id && r.action.startsWith('auth.'))).toBe(true);
      expect(rows.some((r) => r.target.id === ids.maxOut)).toBe(false);
    }
  });

  it('names the operator who decided, with their e-mail', async () => {
    const rows = await walk(`/api/admin/users/${zoe.id}/audit`, 100);
    const first = rows.find((r) => r.action === 'deposit.approve_first')!;
    expect(first.actor).toEqual({ id: ana.id, uid: ana.uid, email: ana.email, fullName: ana.fullName });
    const second = rows.find((r) => r.action === 'deposit.approve_second')!;
    expect(second.actor).toEqual({ id: bruno.id, uid: bruno.uid, email: bruno.email, fullName: bruno.fullName });
  });

  it("names the person concerned on the operators' trail, identity rows included", async () => {
    for (const action of ['identity.reject', 'identity.approve', 'deposit.approve_second', 'withdrawal.reject']) {
      const rows = (await walk(`/api/admin/audit?action=${action}`, 50)).filter((r) =>
        Object.values(ids).includes(r.target.id),
      );
      expect(rows.length, action).toBeGreaterThan(0);
      for (const r of rows) expect(r.subject, action).toEqual(r.target.id === ids.maxOut ? null : zoeAsSubject());
    }
    const maxs = (await walk('/api/admin/audit?action=withdrawal.approve', 50)).find((r) => r.target.id === ids.maxOut);
    expect(maxs?.subject).toEqual({ id: max.id, uid: max.uid, email: max.email, fullName: max.fullName });
    // Her sign-in is about her too; a failed sign-in for an address no one has is about no one.
    const hers = await walk(`/api/admin/audit?actor=${zoe.id}`, 50);
    expect(hers.find((r) => r.action === 'auth.sign_in')?.subject).toEqual(zoeAsSubject());
    const login = await call(null, 'POST', '/api/accounts/login', {
      email: 'nobody@example.org',
      password: 'x'.repeat(12),
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    const failed = (await walk('/api/admin/audit?actor=anonymous', 50)).find(
      (r) => r.target.id === 'nobody@example.org',
    );
    expect(failed).toMatchObject({ target: { type: 'email' }, subject: null });
  });

  it('is for operators only', async () => {
    const url = `/api/admin/users/${zoe.id}/audit`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(zoe, 'GET', url)).statusCode).toBe(403);
    expect((await call(max, 'GET', url)).statusCode).toBe(403);
  });
});
