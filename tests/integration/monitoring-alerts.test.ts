import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../src/contracts/monitoring';
import { startMonitoring } from '../../src/server/modules/monitoring/monitoring.job';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { eventually } from '../support/eventually';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { callAs, createAdmin, createUser, type CallArgs, type TestUser } from '../support/users';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const HOUR = 3_600_000;

describe(`monitoring alerts for operators (${testDialect})`, () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let png: Buffer;

  const call = (...[who, method, url, payload, headers = {}]: CallArgs) =>
    callAs(t, who, method, url, payload, { 'user-agent': 'monitoring-test', ...headers });
  const run = () => t.app.services.monitoring.run();
  const person = (firstName: string) => createUser(t, { firstName, lastName: 'Investor', locale: 'fr' });

  /** A deposit filed with its proof and approved (by two operators from DUAL_CONTROL_FROM on). */
  const approvedDeposit = async (who: TestUser, amount: string) => {
    const form = new FormData();
    form.append('amount', amount);
    form.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    const filed = await call(who, 'POST', '/api/deposits', form);
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().id as string;
    const first = await call(a, 'POST', `/api/admin/deposits/${id}/approve`, {});
    expect(first.statusCode, first.body).toBe(200);
    if (first.json().stage !== 'approved') {
      const second = await call(b, 'POST', `/api/admin/deposits/${id}/approve`, {});
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().stage).toBe('approved');
    }
    return id;
  };
  const withdrawal = async (who: TestUser, amount: string) => {
    const res = await call(who, 'POST', '/api/withdrawals', { amount, crypto: 'BTC', address: BTC });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const transfer = async (from: TestUser, to: TestUser, amount: string) => {
    const res = await call(from, 'POST', '/api/transfers', { recipientUid: to.uid, amount });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const alerts = async (status = 'all') => {
    const res = await call(a, 'GET', `/api/admin/alerts?status=${status}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().alerts as Alert[];
  };
  const alertsOf = async (who: TestUser, rule?: string) =>
    (await alerts()).filter((x) => x.user.id === who.id && (!rule || x.rule === rule));
  const raiseRows = (alertId: string) =>
    t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'monitoring_alert')
      .where('target_id', '=', alertId)
      .orderBy('at')
      // Rows of one millisecond: their actions sort in the order they happen.
      .orderBy('action')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({
      DEMO_MODE: 'true',
      MAX_PENDING_DEPOSITS: '1000',
      PROOF_UPLOADS_PER_HOUR: '1000',
      DUAL_CONTROL_FROM: '1000.00',
      MONITORING_LARGE_DEPOSIT_FROM: '5000.00',
      MONITORING_FAN_IN_SENDERS: '3',
    });
    a = await createAdmin(t, { firstName: 'Ana', lastName: 'Compliance' });
    b = await createAdmin(t, { firstName: 'Bruno', lastName: 'Second' });
    png = await sampleImage('png');
    // Whatever the set-up wrote is judged now; each test below starts from a caught-up watermark.
    await run();
  });
  afterAll(async () => t.close());

  it('raises one alert for a single deposit from the threshold, with its evidence, and none one cent below', async () => {
    const alice = await person('Alice');
    await approvedDeposit(alice, '4999.99');
    await run();
    expect(await alertsOf(alice)).toEqual([]);

    const id = await approvedDeposit(alice, '5000.00');
    await run();
    await run();
    const [alert, ...more] = await alertsOf(alice);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      rule: 'large_deposit',
      status: 'open',
      user: { id: alice.id, uid: alice.uid, email: alice.email },
      thresholds: { amountFrom: '5000.00', amountBelow: null, hours: null, count: null },
      facts: [{ kind: 'deposit', refId: id, amount: '5000.00', sender: null }],
      resolution: null,
    });
    // Raised by the job, in the audit trail in the same transaction as the alert.
    const rows = await raiseRows(alert!.id);
    expect(rows.map((r) => [r.action, r.actor_id, r.result])).toEqual([['alert.raise', 'monitoring', 'ok']]);
    expect(JSON.parse(rows[0]!.after!)).toMatchObject({ rule: 'large_deposit', userId: alice.id });
  });

  it('raises one alert for a withdrawal within 48 h of money in, and none after 48 h', async () => {
    const early = await person('Edith');
    await approvedDeposit(early, '100.00');
    t.clock.advance(48 * HOUR + 60_000);
    await withdrawal(early, '50.00');
    await run();
    expect(await alertsOf(early)).toEqual([]);

    const carl = await person('Carl');
    const dep = await approvedDeposit(carl, '200.00');
    t.clock.advance(47 * HOUR);
    const wd = await withdrawal(carl, '150.00');
    await run();
    await run();
    const found = await alertsOf(carl);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      rule: 'out_after_in',
      thresholds: { hours: 48 },
      facts: [
        { kind: 'deposit', refId: dep, amount: '200.00' },
        { kind: 'withdrawal', refId: wd, amount: '150.00' },
      ],
    });
  });

  it('raises one alert for the third deposit just under dual control within a day, none for two', async () => {
    const dora = await person('Dora');
    const first = await approvedDeposit(dora, '950.00');
    // At the threshold: not "just under" it (and dual control applies).
    await approvedDeposit(dora, '1000.00');
    await approvedDeposit(dora, '960.00');
    await run();
    expect(await alertsOf(dora, 'near_threshold')).toEqual([]);

    await approvedDeposit(dora, '999.99');
    await run();
    // A fourth in the same window adds nothing.
    await approvedDeposit(dora, '900.00');
    await run();
    const found = await alertsOf(dora, 'near_threshold');
    expect(found).toHaveLength(1);
    expect(found[0]!.thresholds).toEqual({ amountFrom: '900.00', amountBelow: '1000.00', hours: 24, count: 3 });
    expect(found[0]!.facts.map((f) => [f.refId === first ? 'first' : 'later', f.amount])).toEqual([
      ['first', '950.00'],
      ['later', '960.00'],
      ['later', '999.99'],
    ]);
  });

  it('raises one alert when many senders pay one UID within a day, naming the senders', async () => {
    const rita = await person('Rita');
    const senders = [await person('Sam'), await person('Sue'), await person('Sid')];
    for (const s of senders) await fund(t.ctx, s.id, 10_000);
    await transfer(senders[0]!, rita, '10.00');
    await transfer(senders[0]!, rita, '11.00');
    await transfer(senders[1]!, rita, '12.00');
    await run();
    expect(await alertsOf(rita, 'fan_in')).toEqual([]);

    await transfer(senders[2]!, rita, '13.00');
    await run();
    const found = await alertsOf(rita, 'fan_in');
    expect(found).toHaveLength(1);
    expect(found[0]!.thresholds).toMatchObject({ count: 3, hours: 24 });
    expect(found[0]!.facts.map((f) => [f.kind, f.amount, f.sender?.uid])).toEqual([
      ['transfer', '10.00', senders[0]!.uid],
      ['transfer', '11.00', senders[0]!.uid],
      ['transfer', '12.00', senders[1]!.uid],
      ['transfer', '13.00', senders[2]!.uid],
    ]);
  });

  it('raises each alert once under concurrent runs and two leased jobs', async () => {
    const zoe = await person('Zoe');
    await approvedDeposit(zoe, '6000.00');
    await withdrawal(zoe, '10.00');
    const jobs = ['instance-a', 'instance-b'].map((holder) =>
      startMonitoring(t.ctx, t.app.services.monitoring, console, holder)!,
    );
    try {
      await Promise.all([run(), run(), run(), ...jobs.map((j) => j.tick())]);
      await Promise.all([run(), ...jobs.map((j) => j.tick())]);
    } finally {
      for (const j of jobs) await j.stop();
    }
    const found = await alertsOf(zoe);
    expect(found.map((x) => x.rule).sort()).toEqual(['large_deposit', 'out_after_in']);
    for (const x of found) expect(await raiseRows(x.id)).toHaveLength(1);
  });

  it('resolves an open alert with a required note, once, in the audit trail', async () => {
    const olga = await person('Olga');
    await approvedDeposit(olga, '7000.00');
    await run();
    const [alert] = await alertsOf(olga);
    const url = `/api/admin/alerts/${alert!.id}/resolve`;

    for (const payload of [{}, { note: '' }, { note: '   ' }]) {
      const res = await call(a, 'POST', url, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const unknown = await call(a, 'POST', '/api/admin/alerts/no-such-alert/resolve', { note: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('alert_not_found');

    const res = await call(a, 'POST', url, { note: '  Salaire et prime, justificatif reçu.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: alert!.id,
      status: 'resolved',
      resolution: { by: { id: a.id, name: a.fullName }, note: 'Salaire et prime, justificatif reçu.' },
    });
    const again = await call(b, 'POST', url, { note: 'encore' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('alert_already_resolved');

    expect((await alerts('open')).some((x) => x.id === alert!.id)).toBe(false);
    expect((await alerts('resolved')).find((x) => x.id === alert!.id)?.status).toBe('resolved');
    const rows = await raiseRows(alert!.id);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['alert.raise', 'monitoring'],
      ['alert.resolve', a.id],
    ]);
    expect(JSON.parse(rows[1]!.after!)).toEqual({ status: 'resolved', note: 'Salaire et prime, justificatif reçu.' });
    expect(rows[1]!.user_agent).toBe('monitoring-test');
  });

  it('lists open alerts first, oldest first, and all of them with "all"', async () => {
    const open = await alerts('open');
    expect(open.every((x) => x.status === 'open')).toBe(true);
    const times = open.map((x) => Date.parse(x.trippedAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    const all = await alerts('all');
    const firstResolved = all.findIndex((x) => x.status === 'resolved');
    expect(firstResolved).toBe(open.length);
    expect(all.slice(0, open.length).map((x) => x.id)).toEqual(open.map((x) => x.id));
  });

  it("pages the list with its total, and tells operators' screens when an alert is raised or resolved", async () => {
    const seen: string[] = [];
    const stop = t.app.services.events.subscribe((e) => seen.push(`${e.type}:${e.audience}:${e.userId ?? ''}`));
    try {
      const paula = await person('Paula');
      const pierre = await person('Pierre');
      await approvedDeposit(pierre, '5000.00');
      await approvedDeposit(paula, '5000.00');
      seen.length = 0;
      await run();
      // Delivered through the bus (LISTEN/NOTIFY on PostgreSQL): a moment later.
      await eventually('the raise event', () => seen.includes('alert.changed:admins:'));
      const page = async (limit: number) => {
        const res = await call(a, 'GET', `/api/admin/alerts?status=open&limit=${limit}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { alerts: Alert[]; total: number };
      };
      const everything = await page(1000);
      expect(everything.total).toBe(everything.alerts.length);
      expect(everything.total).toBeGreaterThan(1);
      const first = await page(1);
      expect(first.alerts.map((x) => x.id)).toEqual([everything.alerts[0]!.id]);
      expect(first.total).toBe(everything.total);
      expect((await call(a, 'GET', '/api/admin/alerts?limit=0')).statusCode).toBe(400);

      const mine = everything.alerts.find((x) => x.user.id === paula.id)!;
      seen.length = 0;
      expect((await call(a, 'POST', `/api/admin/alerts/${mine.id}/resolve`, { note: 'paging' })).statusCode).toBe(200);
      await eventually('the resolve event', () => seen.length > 0);
      expect(seen).toEqual(['alert.changed:admins:']);
      expect((await page(1000)).total).toBe(everything.total - 1);
    } finally {
      stop();
    }
  });

  it('refuses visitors and investors on the alert routes, and changes nothing for them', async () => {
    const ivan = await person('Ivan');
    await approvedDeposit(ivan, '8000.00');
    await run();
    const [alert] = await alertsOf(ivan);
    for (const [who, status, code] of [
      [null, 401, 'unauthorized'],
      [ivan, 403, 'forbidden'],
    ] as const) {
      const list = await call(who, 'GET', '/api/admin/alerts');
      expect(list.statusCode).toBe(status);
      expect(list.json().error.code).toBe(code);
      const resolve = await call(who, 'POST', `/api/admin/alerts/${alert!.id}/resolve`, { note: 'mine' });
      expect(resolve.statusCode).toBe(status);
    }
    expect((await alertsOf(ivan))[0]!.status).toBe('open');
  });

  it('never shows an alert to the investor: their pages, answers and e-mails are the same with one open', async () => {
    const paul = await person('Paul');
    await approvedDeposit(paul, '300.00');
    await withdrawal(paul, '100.00');
    const routes = [
      '/api/me',
      '/api/cashier/history',
      '/api/portfolio',
      '/api/statement',
      '/api/assistant/facts/withdraw',
      '/api/assistant/facts/deposit',
      '/api/support/conversations',
    ];
    const seen = async () => {
      const bodies: Record<string, string> = {};
      for (const url of routes) {
        const res = await call(paul, 'GET', url);
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        // The portfolio says when it was valued: the only thing that moves between two reads.
        bodies[url] = res.body.replace(/"valuedAt":"[^"]+"/, '"valuedAt":"…"');
      }
      return bodies;
    };
    const mail = () =>
      t.ctx.db.selectFrom('email_outbox').select(['id', 'template']).where('user_id', '=', paul.id).execute();
    const before = await seen();
    const mailBefore = await mail();

    await run();
    const [alert] = await alertsOf(paul);
    expect(alert?.rule).toBe('out_after_in');

    const after = await seen();
    expect(after).toEqual(before);
    expect(await mail()).toEqual(mailBefore);
    for (const body of Object.values(after)) {
      expect(body).not.toContain(alert!.id);
      expect(body).not.toMatch(/alert|out_after_in|monitoring/i);
    }
    // No route an investor may call carries alerts: they are all under the operators' /api/admin.
    const doc = (await t.app.inject('/api/openapi.json')).json() as { paths: Record<string, unknown> };
    const alertPaths = Object.keys(doc.paths).filter((p) => /alert/i.test(p));
    expect(alertPaths.length).toBeGreaterThan(0);
    for (const p of alertPaths) expect(p.startsWith('/api/admin/')).toBe(true);
  });
});
