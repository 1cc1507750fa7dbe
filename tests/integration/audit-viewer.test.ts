import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/server/modules/audit/audit.service';
import { sealPending } from '../../src/server/modules/ledger/seal';
import { verifyAndRecord } from '../../src/server/modules/ledger/verification';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { readAsSpreadsheet } from '../support/spreadsheet';
import { createAdmin, createUser, type TestUser } from '../support/users';

type Row = {
  id: string;
  at: string;
  action: string;
  result: string;
  actor: { id: string; uid: string | null };
  target: { id: string; uid: string | null };
};
type Page = { items: Row[]; nextCursor: string | null };
const DAY = 86_400_000;

describe(`audit viewer and a user's trail (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let ann: TestUser;
  let bob: TestUser;
  const days: string[] = [];
  const bulk = new Set<string>();

  const get = (who: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const ok = async (url: string): Promise<Page> => {
    const res = await get(admin, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Every page of a listing, following the cursors. */
  const walk = async (base: string, limit: number) => {
    const rows: Row[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = base.includes('?') ? '&' : '?';
      const page: Page = await ok(`${base}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      rows.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    return { rows, pages };
  };
  const freeze = async (who: TestUser, action: 'freeze' | 'unfreeze') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${who.uid}/${action}`,
      payload: { reason: `audit ${action}` },
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const newestFirst = (rows: Row[]) =>
    rows.every((r, i) => i === 0 || rows[i - 1]!.at > r.at || (rows[i - 1]!.at === r.at && rows[i - 1]!.id > r.id));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t, { firstName: 'Ops', lastName: 'Desk', locale: 'es' });
    ann = await createUser(t, { firstName: 'Ann', lastName: 'Audit' });
    bob = await createUser(t, { firstName: 'Bob', lastName: 'Trail' });
    // Day 0: Ann frozen; day 2: Ann unfrozen, Bob frozen; day 4: Bob unfrozen.
    days.push(t.clock.now().toISOString().slice(0, 10));
    await freeze(ann, 'freeze');
    t.clock.advance(2 * DAY);
    days.push(t.clock.now().toISOString().slice(0, 10));
    await freeze(ann, 'unfreeze');
    await freeze(bob, 'freeze');
    t.clock.advance(2 * DAY);
    days.push(t.clock.now().toISOString().slice(0, 10));
    await freeze(bob, 'unfreeze');
    // 23 rows at the very same instant: only the id orders them, the pages must still neither repeat nor lose one.
    const at = t.clock.now();
    for (let i = 0; i < 23; i++) {
      const id = `req-${String(i).padStart(2, '0')}`;
      bulk.add(id);
      await recordAudit(
        t.ctx.db,
        {
          actorId: i % 2 ? ann.id : 'cli',
          action: 'test.bulk',
          target: { type: 'deposit_request', id },
          source: { ip: '203.0.113.9', userAgent: 'vitest' },
          result: i % 3 ? 'ok' : 'refused',
        },
        at,
      );
    }
  }, 60_000);
  afterAll(async () => t.close());

  it('is for operators only', async () => {
    for (const url of [
      '/api/admin/audit',
      '/api/admin/audit.csv',
      '/api/admin/audit/integrity',
      `/api/admin/users/${ann.id}/audit`,
    ]) {
      expect((await get(null, url)).statusCode, url).toBe(401);
      expect((await get(ann, url)).statusCode, url).toBe(403);
      expect((await get(admin, url)).statusCode, url).toBe(200);
    }
  });

  it('filters by action and pages without repeats or losses, even among rows of the same instant', async () => {
    for (const limit of [1, 5, 7, 23, 100]) {
      const { rows, pages } = await walk('/api/admin/audit?action=test.bulk', limit);
      expect(rows.map((r) => r.target.id).sort()).toEqual([...bulk].sort());
      expect(new Set(rows.map((r) => r.id)).size).toBe(23);
      expect(pages).toBe(Math.ceil(23 / limit));
      expect(newestFirst(rows)).toBe(true);
    }
  });

  it('filters by actor given as UID, e-mail, user id or a word like cli', async () => {
    for (const actor of [ann.uid, ann.uid.toLowerCase(), ann.email.toUpperCase(), ann.id]) {
      const { rows } = await walk(`/api/admin/audit?action=test.bulk&actor=${encodeURIComponent(actor)}`, 4);
      expect(rows, actor).toHaveLength(11);
      expect(rows.every((r) => r.actor.id === ann.id && r.actor.uid === ann.uid)).toBe(true);
    }
    expect((await walk('/api/admin/audit?actor=cli&action=test.bulk', 50)).rows).toHaveLength(12);
    const byAdmin = (await walk(`/api/admin/audit?actor=${admin.uid}&action=user.freeze`, 50)).rows;
    expect(byAdmin.map((r) => r.target.uid).sort()).toEqual([ann.uid, bob.uid].sort());
    expect((await ok('/api/admin/audit?actor=nobody-at-all')).items).toEqual([]);
  });

  it('filters by target and by days (both ends included, in UTC)', async () => {
    const bobs = (await walk(`/api/admin/audit?target=${bob.email}&action=user.freeze`, 10)).rows;
    expect(bobs).toHaveLength(1);
    expect(bobs[0]!.target).toMatchObject({ id: bob.id, uid: bob.uid });
    const freezes = async (q: string) =>
      (await walk(`/api/admin/audit?${q}`, 10)).rows
        .filter((r) => r.action.startsWith('user.'))
        .map((r) => `${r.action}:${r.target.uid}`);
    expect(await freezes(`from=${days[0]}&to=${days[0]}`)).toEqual([`user.freeze:${ann.uid}`]);
    expect((await freezes(`from=${days[1]}&to=${days[1]}`)).sort()).toEqual([
      `user.freeze:${bob.uid}`,
      `user.unfreeze:${ann.uid}`,
    ]);
    expect(await freezes(`from=${days[2]}`)).toEqual([`user.unfreeze:${bob.uid}`]);
    expect(await freezes(`to=${days[0]}`)).toEqual([`user.freeze:${ann.uid}`]);
    expect(await freezes(`from=${days[0]}&to=${days[2]}`)).toHaveLength(4);
  });

  it('refuses bad filters and cursors with a 400, never a 500', async () => {
    const badFilters = [
      'from=2026-13-40x',
      'to=yesterday',
      // Shaped like days, but no such day: the date arithmetic behind them must never see them.
      'to=0000-00-00',
      'from=2026-02-30',
      // A real day, but the period's end (the next day) could not be compared with stored times.
      'to=9999-12-31',
      `from=${days[2]}&to=${days[0]}`,
      `actor=${'x'.repeat(201)}`,
    ];
    const badPages = ['cursor=garbage', `cursor=${Buffer.from('[1,2]').toString('base64url')}`, 'limit=0', 'limit=101'];
    const asked = [
      ...[...badFilters, ...badPages].map((q) => `/api/admin/audit?${q}`),
      ...badFilters.map((q) => `/api/admin/audit.csv?${q}`),
    ];
    for (const url of asked) {
      const res = await get(admin, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('validation_failed');
    }
  });

  it("shows a user's rows, as actor or as target, newest first, each once across pages", async () => {
    const asActor = (await walk(`/api/admin/audit?actor=${ann.id}`, 100)).rows;
    const asTarget = (await walk(`/api/admin/audit?target=${ann.id}`, 100)).rows;
    const expected = new Set([...asActor, ...asTarget].map((r) => r.id));
    expect(asActor.length).toBeGreaterThan(0);
    expect(asTarget.length).toBeGreaterThan(0);
    for (const limit of [1, 3, 10]) {
      const { rows } = await walk(`/api/admin/users/${ann.id}/audit`, limit);
      expect(rows.map((r) => r.id).sort()).toEqual([...expected].sort());
      expect(newestFirst(rows)).toBe(true);
    }
    expect((await get(admin, '/api/admin/users/no-such-user/audit')).statusCode).toBe(404);
    const bobs = (await walk(`/api/admin/users/${bob.id}/audit`, 50)).rows;
    expect(bobs.filter((r) => r.action.startsWith('user.')).map((r) => r.action)).toEqual([
      'user.unfreeze',
      'user.freeze',
    ]);
  });

  it("exports the filtered trail as CSV in each language, and by default in the operator's", async () => {
    const headers = { fr: 'Auteur', en: 'Actor', es: 'Autor' } as const;
    const refused = { fr: 'Refusé', en: 'Refused', es: 'Rechazado' } as const;
    for (const lang of ['fr', 'en', 'es'] as const) {
      const res = await get(admin, `/api/admin/audit.csv?action=test.bulk&lang=${lang}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="atlas-audit-\d{4}-\d{2}-\d{2}\.csv"/);
      const sheet = readAsSpreadsheet(res.body, lang);
      expect(sheet[0]).toHaveLength(13);
      expect(sheet[0]![1]).toBe(headers[lang]);
      expect(
        sheet
          .slice(1)
          .map((r) => r[6])
          .sort(),
      ).toEqual([...bulk].sort());
      expect(sheet.slice(1).filter((r) => r[8] === refused[lang])).toHaveLength(8);
      expect(sheet.slice(1).every((r) => r.length === 13 && r[9] === '203.0.113.9')).toBe(true);
    }
    // The operator's profile says Spanish.
    expect(readAsSpreadsheet((await get(admin, '/api/admin/audit.csv?action=test.bulk')).body, 'es')[0]![1]).toBe(
      'Autor',
    );
    expect((await get(admin, '/api/admin/audit.csv?lang=de')).statusCode).toBe(400);
  });

  it("shows the newest seal's hash and the last verification of the seals", async () => {
    expect((await get(admin, '/api/admin/audit/integrity')).json()).toEqual({ seal: null, verification: null });
    await sealPending(t.ctx.db, t.clock, t.ctx.dialect);
    const before = t.clock.now().toISOString();
    await verifyAndRecord(t.ctx);
    const body = (await get(admin, '/api/admin/audit/integrity')).json();
    expect(body.seal).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(body.seal.no).toBeGreaterThan(0);
    expect(body.verification).toMatchObject({ ok: true, problems: 0 });
    expect(body.verification.ranAt >= before).toBe(true);
  });
});
