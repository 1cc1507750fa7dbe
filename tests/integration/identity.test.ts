import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../src/server/modules/notifications/templates';
import { sweepOrphanProofs } from '../../src/server/modules/storage/proof-sweeper';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { seededImage } from '../support/images';
import { tamper } from '../support/tamper';
import { createAdmin, createUser, type TestUser } from '../support/users';

type Slot = 'front' | 'back' | 'selfie' | 'address';
type Files = Partial<Record<Slot, Buffer>>;

/** Identity verification and its operator review (issue 26, items 1 and 3; decision 036). */
describe(`identity verification (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let seed = 1;
  const valid = '2031-06-30';

  const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: { cookie: who.cookie } });
  /** Four images no one else sends (each call takes new seeds). */
  const freshFiles = async (): Promise<Files> => ({
    front: await seededImage(seed++),
    back: await seededImage(seed++),
    selfie: await seededImage(seed++),
    address: await seededImage(seed++),
  });
  const form = (fields: Record<string, string>, files: Files) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    for (const [slot, bytes] of Object.entries(files))
      if (bytes) data.append(slot, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${slot}.png`);
    return data;
  };
  const submit = async (who: TestUser, files: Files, fields: Record<string, string> = {}) =>
    call(
      who,
      'POST',
      '/api/identity',
      form({ documentType: 'id_card', documentNumber: 'X4RTBPFW4', documentExpiry: valid, ...fields }, files),
    );
  const submitted = async (who: TestUser, files?: Files, fields: Record<string, string> = {}) => {
    const res = await submit(who, files ?? (await freshFiles()), fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { status: string; current: { id: string; version: number; files: Slot[] } };
  };
  const state = async (who: TestUser) => (await call(who, 'GET', '/api/identity')).json();
  const reject = (id: string, reason: string, note?: string, by = admin) =>
    call(by, 'POST', `/api/admin/identities/${id}/reject`, { reason, ...(note ? { note } : {}) });
  const verify = (id: string, by = admin) => call(by, 'POST', `/api/admin/identities/${id}/verify`);
  const queueItem = async (id: string, by = admin) => {
    const res = await call(by, 'GET', '/api/admin/identities?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Array<Record<string, unknown> & { id: string }> }).items.find((i) => i.id === id)!;
  };
  const lastMail = async (userId: string, template: 'identity_rejected' | 'identity_verified') => {
    const row = await t.ctx.db
      .selectFrom('email_outbox')
      .select(['params', 'locale'])
      .where('user_id', '=', userId)
      .where('template', '=', template)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row && { params: JSON.parse(row.params), ...render(template, row.locale, JSON.parse(row.params)) };
  };
  const trail = (id: string) =>
    t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('target_id', '=', id)
      .orderBy('at')
      // Rows of one millisecond: their actions sort in the order they happen.
      .orderBy('action')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true', CORRECTION_MAX_VERSIONS: '3' });
    admin = await createAdmin(t);
  });
  afterAll(async () => t.close());

  it('none → pending → verified: the investor sees each state, the operator verifies, the trail and the e-mail say so', async () => {
    const ana = await createUser(t);
    expect(await state(ana)).toEqual({ status: 'none', maxVersions: 3, current: null, onFile: null, canRenew: false });
    const s = await submitted(ana, undefined, { documentNumber: ' x4rt-bpfw 4 ' });
    expect(s).toMatchObject({
      status: 'pending',
      current: {
        version: 1,
        documentType: 'id_card',
        documentNumber: 'X4RTBPFW4',
        documentExpiry: valid,
        rejection: null,
      },
    });
    expect(s.current.files).toEqual(['front', 'back', 'selfie', 'address']);
    // One submission at a time.
    const again = await submit(ana, await freshFiles());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('identity_pending');

    const item = await queueItem(s.current.id);
    expect(item).toMatchObject({
      status: 'pending',
      stage: 'awaiting_first',
      needsSecondApproval: false,
      expired: false,
      own: false,
      user: { id: ana.id, fullName: ana.fullName },
      sameImageAs: [],
      versions: [{ id: s.current.id, version: 1, status: 'pending', reason: null }],
    });
    // Signed, expiring links to the four images, which serve re-encoded images.
    const links = (await call(admin, 'GET', `/api/admin/identities/${s.current.id}/files`)).json();
    expect(links.files.map((f: { slot: string }) => f.slot)).toEqual(['front', 'back', 'selfie', 'address']);
    const image = await t.app.inject({ method: 'GET', url: links.files[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // Always another signature: writing 'A' over its first character left one link in 64 as it was.
    const tampered = await t.app.inject({
      method: 'GET',
      url: links.files[0].url.replace(/sig=([^&]+)/, (_: string, sig: string) => `sig=${tamper(sig)}`),
    });
    expect(tampered.statusCode).toBe(403);

    const res = await verify(s.current.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, stage: 'verified' });
    expect((await state(ana)).status).toBe('verified');
    const mail = await lastMail(ana.id, 'identity_verified');
    expect(mail?.subject).toBe('Identité vérifiée');
    expect(await trail(s.current.id)).toEqual([
      expect.objectContaining({ action: 'identity.approve', actor_id: admin.id }),
    ]);
    // Verified is final: nothing more to send, nothing more to decide.
    expect((await submit(ana, await freshFiles())).json().error.code).toBe('identity_already_verified');
    expect((await verify(s.current.id)).json().error.code).toBe('request_not_pending');
  });

  it('an expired document is refused with its own code, on submission and when it expires before the review', async () => {
    const ben = await createUser(t);
    const res = await submit(ben, await freshFiles(), { documentExpiry: '2020-01-31' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'identity_document_expired', params: { expiry: '2020-01-31' } });
    for (const [field, value] of [
      ['documentExpiry', '2031-02-30'],
      ['documentNumber', '1'],
      ['documentType', 'library_card'],
    ] as const) {
      const bad = await submit(ben, await freshFiles(), { [field]: value });
      expect(bad.statusCode, `${field}=${value}`).toBe(400);
      expect(bad.json().error.code).toBe('validation_failed');
    }
    // A card without its back, a passport without (needing no) back.
    const files = await freshFiles();
    const noBack = await submit(ben, { ...files, back: undefined });
    expect(noBack.json().error).toMatchObject({ code: 'identity_file_required', params: { slot: 'back' } });
    expect(await state(ben)).toMatchObject({ status: 'none' });
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const s = await submitted(
      ben,
      { ...files, back: undefined },
      { documentType: 'passport', documentExpiry: tomorrow },
    );
    expect(s.current.files).toEqual(['front', 'selfie', 'address']);
    t.clock.advance(2 * 86_400_000);
    try {
      expect((await queueItem(s.current.id)).expired).toBe(true);
      const late = await verify(s.current.id);
      expect(late.statusCode).toBe(400);
      expect(late.json().error.code).toBe('identity_document_expired');
      expect((await state(ben)).status).toBe('pending');
    } finally {
      t.clock.advance(-2 * 86_400_000);
    }
  });

  it('rejected with a reason → corrected as the next version keeping the files not sent again → verified', async () => {
    const cleo = await createUser(t);
    const cleoFiles = await freshFiles();
    const first = await submitted(cleo, cleoFiles);
    const firstItem = await queueItem(first.current.id);
    // A reason must come from the catalogue and apply to identities.
    expect((await reject(first.current.id, 'amount_mismatch')).json().error.code).toBe('reject_reason_not_applicable');
    expect((await reject(first.current.id, 'Photo floue')).statusCode).toBe(400);
    const res = await reject(first.current.id, 'identity_document_unreadable', 'Reflet sur le numéro');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, stage: 'rejected' });
    const seen = await call(cleo, 'GET', '/api/identity');
    expect(seen.body).not.toContain('Reflet');
    expect(seen.json()).toMatchObject({
      status: 'rejected',
      current: { id: first.current.id, rejection: { reason: 'identity_document_unreadable', canCorrect: true } },
    });
    const mail = await lastMail(cleo.id, 'identity_rejected');
    expect(mail?.params).toEqual({ reasonCode: 'identity_document_unreadable', canCorrect: true });
    expect(mail?.text).toContain('Nous ne pouvons pas lire votre pièce d’identité.');
    expect(mail?.text).toContain('« Corriger »');
    expect(mail?.text).not.toContain('Reflet');
    expect(await queueItem(first.current.id)).toMatchObject({
      status: 'rejected',
      reason: 'identity_document_unreadable',
      internalNote: 'Reflet sur le numéro',
    });
    // A new chain is refused: the rejected one is corrected.
    expect((await submit(cleo, await freshFiles())).json().error.code).toBe('correction_required');

    // A new front, the same proof of address sent again: the back and the selfie are kept.
    const front = await seededImage(seed++);
    const next = await submitted(cleo, { front, address: cleoFiles.address! }, { previousId: first.current.id });
    expect(next).toMatchObject({ status: 'pending', current: { version: 2 } });
    const rows = await t.ctx.db
      .selectFrom('identity_verification')
      .select(['id', 'front_path', 'back_path', 'selfie_path', 'address_path', 'previous_id', 'root_id'])
      .where('user_id', '=', cleo.id)
      .orderBy('version')
      .execute();
    expect(rows[1]).toMatchObject({ previous_id: rows[0]!.id, root_id: rows[0]!.id });
    expect(rows[1]!.front_path).not.toBe(rows[0]!.front_path);
    expect(rows[1]!.address_path).not.toBe(rows[0]!.address_path);
    expect([rows[1]!.back_path, rows[1]!.selfie_path]).toEqual([rows[0]!.back_path, rows[0]!.selfie_path]);
    // A kept file, or the person's own image sent again, is never a re-use warning.
    const item = await queueItem(next.current.id);
    expect(item).toMatchObject({
      sameImageAs: [],
      versions: [
        { id: first.current.id, version: 1, status: 'rejected', reason: 'identity_document_unreadable' },
        { id: next.current.id, version: 2, status: 'pending', reason: null },
      ],
    });
    expect(firstItem.versions).toHaveLength(1);
    expect((await verify(next.current.id)).json()).toEqual({ ok: true, stage: 'verified' });
    expect(await state(cleo)).toMatchObject({ status: 'verified', current: { version: 2, rejection: null } });

    // The sweeper keeps every file a version references, kept ones included.
    const swept = await sweepOrphanProofs({
      db: t.ctx.db,
      store: t.app.services.proofs,
      now: new Date(Date.now() + 3_600_000),
      minAgeMs: 0,
    });
    for (const r of rows)
      for (const p of [r.front_path, r.back_path, r.selfie_path, r.address_path])
        expect(swept.removed).not.toContain(p);
  });

  it('caps the versions, and a final compliance reason shows the neutral text and allows no correction', async () => {
    const dan = await createUser(t);
    let id = (await submitted(dan)).current.id;
    for (const version of [2, 3]) {
      expect((await reject(id, 'identity_selfie_mismatch')).statusCode).toBe(200);
      id = (await submitted(dan, { selfie: await seededImage(seed++) }, { previousId: id })).current.id;
      expect((await state(dan)).current.version).toBe(version);
    }
    expect((await reject(id, 'identity_selfie_mismatch')).statusCode).toBe(200);
    expect((await state(dan)).current.rejection).toEqual({ reason: 'identity_selfie_mismatch', canCorrect: false });
    expect((await lastMail(dan.id, 'identity_rejected'))?.params.canCorrect).toBe(false);
    const over = await submit(dan, { selfie: await seededImage(seed++) }, { previousId: id });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'correction_limit_reached', params: { max: 3 } });

    const eve = await createUser(t);
    const e = (await submitted(eve)).current.id;
    expect((await reject(e, 'compliance_document_fraud', 'Pièce d’un tiers')).statusCode).toBe(200);
    const seen = await call(eve, 'GET', '/api/identity');
    expect(seen.json().current.rejection).toEqual({ reason: 'request_declined', canCorrect: false });
    expect(seen.body).not.toContain('fraud');
    const mail = await lastMail(eve.id, 'identity_rejected');
    expect(mail?.params).toEqual({ reasonCode: 'request_declined', canCorrect: false });
    expect((await submit(eve, { front: await seededImage(seed++) }, { previousId: e })).json().error.code).toBe(
      'correction_not_allowed',
    );
    expect((await queueItem(e)).reason).toBe('compliance_document_fraud');
  });

  it('two corrections of one rejection at once: one version is written, the other is refused', async () => {
    const fay = await createUser(t);
    const id = (await submitted(fay)).current.id;
    await reject(id, 'identity_address_too_old');
    const [a, b] = await Promise.all([
      submit(fay, { address: await seededImage(seed++) }, { previousId: id }),
      submit(fay, { address: await seededImage(seed++) }, { previousId: id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().error.code).toMatch(
      /^correction_superseded$|^identity_pending$/,
    );
    const versions = await t.ctx.db
      .selectFrom('identity_verification')
      .select('version')
      .where('user_id', '=', fay.id)
      .execute();
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
  });

  it('the same image sent by another person is shown to the operator on both sides', async () => {
    const gil = await createUser(t);
    const hal = await createUser(t);
    const files = await freshFiles();
    const g = (await submitted(gil, files)).current.id;
    const h = (await submitted(hal, { ...(await freshFiles()), front: files.front! })).current.id;
    expect(await queueItem(h)).toMatchObject({
      sameImageAs: [{ slot: 'front', otherSlot: 'front', kind: 'exact', verificationId: g, user: { id: gil.id } }],
    });
    expect(await queueItem(g)).toMatchObject({
      sameImageAs: [{ slot: 'front', otherSlot: 'front', kind: 'exact', verificationId: h, user: { id: hal.id } }],
    });
  });

  it('refuses an operator their own verification, and non-images, before anything is written', async () => {
    const own = (await submitted(admin)).current.id;
    const res = await verify(own);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('own_request');
    expect((await reject(own, 'identity_document_unreadable')).json().error.code).toBe('own_request');
    expect((await state(admin)).status).toBe('pending');

    const ivy = await createUser(t);
    const notImage = await submit(ivy, { ...(await freshFiles()), selfie: Buffer.from('%PDF-1.4 not an image') });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.code).toBe('file_not_image');
    expect(await state(ivy)).toMatchObject({ status: 'none' });
  });
});

describe(`identity verification under dual control (${testDialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true', DUAL_CONTROL_IDENTITY: 'true' });
  });
  afterAll(async () => t.close());

  it('needs two different operators; the investor stays pending until the second', async () => {
    const [first, second, jo] = [await createAdmin(t), await createAdmin(t), await createUser(t)];
    const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url, payload: payload as never, headers: { cookie: who.cookie } });
    const data = new FormData();
    for (const [k, v] of Object.entries({
      documentType: 'id_card',
      documentNumber: 'AB123456',
      documentExpiry: '2032-01-01',
    }))
      data.append(k, v);
    for (const [i, slot] of ['front', 'back', 'selfie', 'address'].entries())
      data.append(slot, new Blob([new Uint8Array(await seededImage(900 + i))], { type: 'image/png' }), 'x.png');
    const created = await call(jo, 'POST', '/api/identity', data);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().current.id as string;

    expect((await call(first, 'POST', `/api/admin/identities/${id}/verify`)).json()).toEqual({
      ok: true,
      stage: 'awaiting_second',
    });
    expect((await call(jo, 'GET', '/api/identity')).json().status).toBe('pending');
    const same = await call(first, 'POST', `/api/admin/identities/${id}/verify`);
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('second_approval_same_operator');
    const waiting = (await call(second, 'GET', '/api/admin/identities?waiting=me')).json();
    expect(waiting.items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect(waiting.items[0]).toMatchObject({
      stage: 'awaiting_second',
      needsSecondApproval: true,
      firstApproval: { by: first.id },
    });
    expect((await call(second, 'POST', `/api/admin/identities/${id}/verify`)).json()).toEqual({
      ok: true,
      stage: 'verified',
    });
    expect((await call(jo, 'GET', '/api/identity')).json().status).toBe('verified');
    const actions = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', id)
      .orderBy('at')
      // Rows of one millisecond: their actions sort in the order they happen.
      .orderBy('action')
      .execute();
    expect(actions).toEqual([
      { action: 'identity.approve_first', actor_id: first.id },
      { action: 'identity.approve_second', actor_id: second.id },
    ]);
  });
});
