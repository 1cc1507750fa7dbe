import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/core/data-export/csv';
import { formatMoneyIn } from '../../src/core/money';
import { dataExportJsonSchema, dataExportV2 } from '../../src/contracts/data-export';
import { MANIFEST_SIGNING_LABEL, type Manifest } from '../../src/server/modules/data-export/archive';
import { platformSigner } from '../../src/server/modules/liabilities/signing';
import { createTestApp, type TestApp } from '../support/app';
import { fund } from '../support/money';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { pdfText } from '../support/pdf-text';
import { totpFromUri } from '../support/totp';
import { cookieFrom, createAdmin, createUser, someIp, type TestUser } from '../support/users';
import { text, unzip } from '../support/zip';
import { verify, createPublicKey } from 'node:crypto';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const INTERNAL_NOTE = `Note interne ${randomUUID()}`;
const ALERT_EVIDENCE = `Alerte ${randomUUID()}`;
const FREEZE_REASON = `Gel ${randomUUID()}`;

function form(fields: Record<string, string>, png: Buffer): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('proof', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
  return data;
}

describe(`the data export (${testDialect})`, () => {
  let t: TestApp;
  let investor: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let png: Buffer;

  const as = (who: TestUser | null) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} }),
    post: (url: string, payload?: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: payload as never,
        headers: who ? { cookie: who.cookie } : {},
        remoteAddress: someIp(),
      }),
  });

  /** Asks, builds (the job's work, run here rather than on its timer), and returns the ready view. */
  async function exportOf(who: TestUser, body: object = { password: who.password }) {
    const asked = await as(who).post('/api/data-export', body);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().export.status).toMatch(/queued|building/);
    await t.app.services.dataExport.runPending();
    const view = (await as(who).get('/api/data-export')).json().export;
    expect(view).toMatchObject({ status: 'ready', progress: 100 });
    return view as { id: string; downloadUrl: string; expiresAt: string; sha256: string };
  }

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
    png = await sampleImage('png');
    investor = await createUser(t, { firstName: 'Clémence', lastName: 'Dupré' });
    other = await createUser(t);
    admin = await createAdmin(t);

    // A deposit approved, one rejected with an internal note, an investment, transfers both ways, a pending withdrawal.
    const d1 = (await as(investor).post('/api/deposits', form({ amount: '900.00' }, png))).json();
    expect((await as(admin).post(`/api/admin/deposits/${d1.id}/approve`)).statusCode).toBe(200);
    const d2 = (await as(investor).post('/api/deposits', form({ amount: '77.00' }, png))).json();
    const rejected = await as(admin).post(`/api/admin/deposits/${d2.id}/reject`, {
      reason: 'proof_unreadable',
      note: INTERNAL_NOTE,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const od = (await as(other).post('/api/deposits', form({ amount: '50.00' }, png))).json();
    expect((await as(admin).post(`/api/admin/deposits/${od.id}/approve`)).statusCode).toBe(200);
    const w = await as(investor).post('/api/withdrawals', { amount: '100.00', crypto: 'BTC', address: BTC });
    expect(w.statusCode, w.body).toBe(201);
    const inv = await as(investor).post('/api/investments', { area: 'stocks', amount: '200.00' });
    expect(inv.statusCode, inv.body).toBe(201);
    expect((await as(investor).post('/api/transfers', { recipientUid: other.uid, amount: '12.34' })).statusCode).toBe(
      201,
    );
    expect((await as(other).post('/api/transfers', { recipientUid: investor.uid, amount: '0.05' })).statusCode).toBe(
      201,
    );

    // An identity verification refused for a final compliance reason, with its files and an internal note.
    const stored = async (i: number) =>
      t.app.services.proofs.put(investor.id, png, 'png', new Date(t.clock.now().getTime() + 1000 + i));
    await t.ctx.db
      .insertInto('identity_verification')
      .values({
        id: randomUUID(),
        user_id: investor.id,
        status: 'rejected',
        document_type: 'passport',
        document_number: 'P-EXPORT-42',
        document_expiry: '2031-05-01',
        front_path: await stored(1),
        back_path: null,
        selfie_path: await stored(2),
        address_path: await stored(3),
        created_at: t.clock.now().toISOString(),
        processed_at: t.clock.now().toISOString(),
        processed_by: admin.id,
        first_approved_by: null,
        first_approved_at: null,
        reason_code: 'compliance_document_fraud',
        reason_retryable: 0,
        internal_note: INTERNAL_NOTE,
        previous_id: null,
        root_id: null,
        version: 1,
      })
      .execute();

    // What must never reach the investor: a monitoring alert and a freeze reason about them.
    await t.ctx.db
      .insertInto('monitoring_alert')
      .values({
        id: randomUUID(),
        rule: 'structuring',
        user_id: investor.id,
        window_key: 'w1',
        tripped_at: new Date().toISOString(),
        raised_at: new Date().toISOString(),
        evidence: JSON.stringify({ note: ALERT_EVIDENCE }),
        status: 'open',
        resolved_at: null,
        resolved_by: null,
        resolution_note: null,
      })
      .execute();
    await t.ctx.db
      .insertInto('account_freeze')
      .values({ user_id: other.id, reason: FREEZE_REASON, frozen_at: new Date().toISOString(), frozen_by: admin.id })
      .execute();
  });
  afterAll(async () => t.close());

  it('is refused without the password, with a wrong one, and without a session', async () => {
    expect((await as(null).post('/api/data-export', { password: investor.password })).statusCode).toBe(401);
    const wrong = await as(investor).post('/api/data-export', { password: 'not-the-password' });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'wrong_password']);
    const missing = await as(investor).post('/api/data-export', {});
    expect(missing.statusCode).toBe(400);
    expect((await as(investor).get('/api/data-export')).json()).toEqual({ export: null });
    expect(await t.ctx.db.selectFrom('data_export').select('id').execute()).toEqual([]);
  });

  it('round-trips data.json through its schema and matches the account, with the uploaded files and both CSVs', async () => {
    const view = await exportOf(investor);
    const zipRes = await as(investor).get(view.downloadUrl);
    expect(zipRes.statusCode).toBe(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    expect(createHash('sha256').update(zipRes.rawPayload).digest('hex')).toBe(view.sha256);
    const files = unzip(zipRes.rawPayload);

    const data = dataExportV2.parse(JSON.parse(text(files['data.json'])));
    // The published schema is the one served.
    expect(data.version).toBe(2);
    const served = await as(null).get('/api/schemas/data-export/v2.json');
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual(dataExportJsonSchema(2));
    // Version 1 stays published for the exports made before.
    expect((await as(null).get('/api/schemas/data-export/v1.json')).json()).toEqual(dataExportJsonSchema(1));

    const me = (await as(investor).get('/api/me')).json();
    expect(data.profile).toMatchObject({ userId: investor.id, uid: investor.uid, email: investor.email });
    expect(data.profile.fullName).toBe(investor.fullName);
    const accounts = await t.ctx.db
      .selectFrom('ledger_account')
      .select(['kind', 'balance_cents'])
      .where('owner_id', '=', investor.id)
      .execute();
    expect(Object.fromEntries(data.balances.map((b) => [b.kind, b.balanceCents]))).toEqual(
      Object.fromEntries(accounts.map((a) => [a.kind, Number(a.balance_cents)])),
    );
    expect(data.balances.find((b) => b.kind === 'available')!.balanceCents).toBe(Math.round(Number(me.balance) * 100));
    const entries = await t.ctx.db
      .selectFrom('ledger_entry as e')
      .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
      .select(['e.id', 'e.amount_cents'])
      .where('a.owner_id', '=', investor.id)
      .orderBy('e.id')
      .execute();
    expect(data.ledger.map((l) => [l.entryId, l.amountCents])).toEqual(
      entries.map((e) => [Number(e.id), Number(e.amount_cents)]),
    );
    expect(data.investments).toHaveLength(1);
    expect(data.deposits.map((d) => [d.amountCents, d.status, d.reason])).toEqual([
      [90000, 'approved', null],
      [7700, 'rejected', 'proof_unreadable'],
    ]);
    expect(data.withdrawals).toMatchObject([{ amountCents: 10000, status: 'pending', walletAddress: BTC }]);
    expect(data.transfers.map((x) => [x.direction, x.counterpartyUid, x.amountCents])).toEqual([
      ['sent', other.uid, 1234],
      ['received', other.uid, 5],
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.securityEvents.some((e) => e.action === 'auth.sign_in')).toBe(true);
    expect(data.emails.some((m) => m.template === 'deposit_approved')).toBe(true);
    // Links that carried one-time secrets are not exported.
    expect(JSON.stringify(data.emails)).not.toMatch(/token=/);

    // The identity verification as the investor was told it: a final compliance reason is request_declined.
    expect(data.identityVerifications).toMatchObject([
      { documentNumber: 'P-EXPORT-42', status: 'rejected', reason: 'request_declined' },
    ]);
    expect(data.identityVerifications[0]!.files.map((f) => f.slot + ':' + (f.file ? 'file' : 'none'))).toEqual([
      'front:file',
      'back:none',
      'selfie:file',
      'address:file',
    ]);

    // Every uploaded file (two deposit proofs, three identity images), as stored, with its hash.
    expect(data.files).toHaveLength(5);
    for (const f of data.files) {
      const stored = await t.app.services.proofs.get(f.source);
      expect(Buffer.from(files[f.file]!).equals(stored!)).toBe(true);
      expect(f.sha256).toBe(createHash('sha256').update(stored!).digest('hex'));
    }

    // The CSVs: the same ledger in both forms.
    const rfc = parseCsv(text(files['csv/ledger.csv']), 'rfc4180');
    // The byte-order mark, as bytes (a decoder would hide it).
    expect(Buffer.from(files['csv-fr/ledger.csv']!.subarray(0, 3)).toString('hex')).toBe('efbbbf');
    const fr = text(files['csv-fr/ledger.csv']);
    const frRows = parseCsv(fr, 'fr');
    expect(rfc).toHaveLength(data.ledger.length + 1);
    const amountCol = rfc[0]!.indexOf('amount');
    expect(rfc.slice(1).map((r) => r[amountCol])).toEqual(
      data.ledger.map(
        (l) =>
          `${l.amountCents < 0 ? '-' : ''}${Math.floor(Math.abs(l.amountCents) / 100)}.${String(Math.abs(l.amountCents) % 100).padStart(2, '0')}`,
      ),
    );
    expect(frRows.slice(1).map((r) => r[amountCol])).toEqual(rfc.slice(1).map((r) => r[amountCol]!.replace('.', ',')));

    // The phone ("+33…") exact for programs; made inert against formulas in the spreadsheet form only.
    expect(data.profile.phone).toMatch(/^\+\d+$/);
    const phoneOf = (rows: string[][]) => rows[1]![rows[0]!.indexOf('phone')];
    expect(phoneOf(parseCsv(text(files['csv/profile.csv']), 'rfc4180'))).toBe(data.profile.phone);
    expect(phoneOf(parseCsv(text(files['csv-fr/profile.csv']), 'fr'))).toBe(`'${data.profile.phone}`);
  });

  it("prints a PDF statement whose closing balance is the ledger's, to the cent", async () => {
    const view = await exportOf(investor);
    const files = unzip((await as(investor).get(view.downloadUrl)).rawPayload);
    const total = await t.ctx.db
      .selectFrom('ledger_account')
      .select((eb) => eb.fn.sum<string | number>('balance_cents').as('total'))
      .where('owner_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    const lines = pdfText(Buffer.from(files['statement.pdf']!));
    const closing = lines.filter((l) => l.startsWith('Solde de clôture'));
    expect(closing.length).toBeGreaterThanOrEqual(2);
    // Labelled as what it is, in French, with the amount as French writes it ("1 234,56 $").
    const french = formatMoneyIn(Number(total.total), 'fr').replace('\u202f', '\u00a0');
    expect(french).toMatch(/^\d[\d\u00a0]*,\d\d\u00a0\$$/);
    for (const line of closing) expect(line).toBe(`Solde de clôture (disponible + investi + réservé)\u00a0: ${french}`);

    // Every word French, no raw code: accounts, operations, columns; no amount in US form.
    const text = lines.join('\n');
    for (const word of ['Disponible', 'Investi', 'Réservé', 'Dépôt', 'Investissement', 'Transfert envoyé'])
      expect(text).toContain(word);
    expect(text).toContain('Retrait (montant réservé)');
    expect(text).toContain('Transfert reçu');
    expect(text).toMatch(/Date \(UTC\)\s*Opération\s*Compte\s*Montant\s*Solde cumulé/);
    for (const code of [
      'available',
      'invested',
      'withdrawal_hold',
      'invest',
      'deposit',
      'transfer',
      'Compte available',
    ])
      expect(text).not.toMatch(new RegExp(`\\b${code}\\b`));
    expect(text).not.toMatch(/\$\d/);
    // Dates the French way: the day of issue in words, each line as jj/mm/aaaa.
    expect(text).toMatch(/Établi le \d{1,2} [a-zéû]+ \d{4} à \d\d:\d\d UTC/);
    expect(text).toMatch(/\b\d\d\/\d\d\/\d{4} \d\d:\d\d\b/);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d/);
  });

  it('writes the PDF statement in the person’s language: English and Spanish words, dates and amounts', async () => {
    for (const [locale, closingLabel, deposit, words] of [
      [
        'en',
        'Closing balance (available + invested + held): $1,234.56',
        'Deposit',
        /Account statement — your data export\n[^]*Issued on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M UTC/,
      ],
      [
        'es',
        'Saldo de cierre (disponible + invertido + reservado): 1234,56\u00a0$',
        'Depósito',
        /Emitido el \d{1,2} de [a-z]+ de \d{4}, \d{1,2}:\d\d UTC/,
      ],
    ] as const) {
      const u = await createUser(t, { locale });
      await fund(t.ctx, u.id, 123456);
      const view = await exportOf(u);
      const text = pdfText(Buffer.from(unzip((await as(u).get(view.downloadUrl)).rawPayload)['statement.pdf']!)).join(
        '\n',
      );
      expect(text, locale).toContain(closingLabel);
      expect(text, locale).toContain(deposit);
      expect(text, locale).toMatch(words);
      expect(text, locale).not.toMatch(/withdrawal_hold|Account available|\bdeposit\b/);
    }
  });

  it('signs the manifest: every file hashed, the signature verifies with the published key and fails on a change', async () => {
    const view = await exportOf(investor);
    const files = unzip((await as(investor).get(view.downloadUrl)).rawPayload);
    const manifestText = text(files['manifest.json']);
    const manifest = JSON.parse(manifestText) as Manifest;
    const sig = JSON.parse(text(files['manifest.sig'])) as { publicKey: string; signature: string };
    const published = (await as(null).get('/api/liabilities/rounds')).json().publicKey;
    expect(sig.publicKey).toBe(published);
    expect(sig.publicKey).toBe(platformSigner(t.ctx.config.authSecret).publicKey);

    const names = Object.keys(files).filter((f) => f !== 'manifest.json' && f !== 'manifest.sig');
    expect(manifest.files.map((f) => f.file).sort()).toEqual(names.sort());
    for (const f of manifest.files) expect(createHash('sha256').update(files[f.file]!).digest('hex')).toBe(f.sha256);

    // Verified as the docs say, with nothing of ours: the raw key in an SPKI wrapper.
    const key = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(sig.publicKey, 'base64url')]),
      format: 'der',
      type: 'spki',
    });
    const ok = (body: string) =>
      verify(null, Buffer.from(MANIFEST_SIGNING_LABEL + body), key, Buffer.from(sig.signature, 'base64url'));
    expect(ok(manifestText)).toBe(true);
    expect(ok(manifestText.replace(manifest.files[0]!.sha256, '0'.repeat(64)))).toBe(false);
  });

  it("leaves out operators' internal notes, monitoring alerts and freeze reasons (CMF L561-18); a frozen account still exports", async () => {
    const view = await exportOf(investor);
    const zip = (await as(investor).get(view.downloadUrl)).rawPayload;
    const files = unzip(zip);
    for (const [name, bytes] of Object.entries(files)) {
      if (name.endsWith('.png') || name.endsWith('.pdf')) continue;
      const body = text(bytes);
      expect(body, name).not.toContain(INTERNAL_NOTE);
      expect(body, name).not.toContain(ALERT_EVIDENCE);
      expect(body, name).not.toContain('structuring');
      expect(body, name).not.toContain('compliance_document_fraud');
    }
    const pdf = pdfText(Buffer.from(files['statement.pdf']!)).join('\n');
    expect(pdf).not.toContain(INTERNAL_NOTE);
    // The other investor's freeze reason does not appear in their own export either.
    const theirs = await exportOf(other);
    const theirFiles = unzip((await as(other).get(theirs.downloadUrl)).rawPayload);
    const theirData = JSON.parse(text(theirFiles['data.json']));
    expect(theirData.profile.frozenSince).not.toBeNull();
    expect(JSON.stringify(theirData)).not.toContain(FREEZE_REASON);
  });

  it('another investor can never download your export, even with your link', async () => {
    const view = await exportOf(investor);
    const theirs = await as(other).get(view.downloadUrl);
    expect([theirs.statusCode, theirs.json().error.code]).toEqual([404, 'data_export_not_found']);
    expect((await as(null).get(view.downloadUrl)).statusCode).toBe(401);
    const forged = view.downloadUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await as(investor).get(forged)).statusCode).toBe(403);
    const longer = view.downloadUrl.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 86400}`);
    expect((await as(investor).get(longer)).json().error.code).toBe('link_invalid');
    expect((await as(admin).get(view.downloadUrl)).statusCode).toBe(404);
  });

  it('the link expires after 24 hours and the file is deleted', async () => {
    const view = await exportOf(investor);
    expect(new Date(view.expiresAt).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(24 * 3600 * 1000);
    t.clock.advance(24 * 3600 * 1000 - 60_000);
    expect((await as(investor).get(view.downloadUrl)).statusCode).toBe(200);
    t.clock.advance(61_000);
    const late = await as(investor).get(view.downloadUrl);
    expect([late.statusCode, late.json().error.code]).toEqual([403, 'link_expired']);
    expect((await as(investor).get('/api/data-export')).json().export).toMatchObject({
      status: 'expired',
      downloadUrl: null,
    });
    await t.app.services.dataExport.runPending();
    const row = await t.ctx.db
      .selectFrom('data_export')
      .selectAll()
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    expect([row.status, row.file_key]).toEqual(['expired', null]);
  });

  it('two requests at once make one export, which both get', async () => {
    const u = await createUser(t);
    const [a, b] = await Promise.all([
      as(u).post('/api/data-export', { password: u.password }),
      as(u).post('/api/data-export', { password: u.password }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json().export.id).toBe(b.json().export.id);
    expect(await t.ctx.db.selectFrom('data_export').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
  });

  it('asks for the second factor when it is on', async () => {
    const u = await createUser(t);
    const setup = (await as(u).post('/api/accounts/two-factor/enable', { password: u.password })).json();
    const confirm = await as(u).post('/api/accounts/two-factor/confirm', { code: totpFromUri(setup.totpURI) });
    expect(confirm.statusCode).toBe(200);
    const renewed = cookieFrom(confirm.headers['set-cookie']);
    const signedIn: TestUser = { ...u, cookie: renewed || u.cookie };
    const noCode = await as(signedIn).post('/api/data-export', { password: u.password });
    expect(noCode.json().error.code).toBe('two_factor_code_required');
    const badCode = await as(signedIn).post('/api/data-export', { password: u.password, code: '000000' });
    expect(badCode.json().error.code).toBe('invalid_two_factor_code');
    const view = await exportOf(signedIn, { password: u.password, code: totpFromUri(setup.totpURI) });
    expect(view.downloadUrl).toContain(`/api/data-export/${view.id}/download`);
  });

  it('stops password guessing from a session after five failures', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i += 1)
      expect((await as(u).post('/api/data-export', { password: `wrong-${i}` })).json().error.code).toBe(
        'wrong_password',
      );
    expect((await as(u).post('/api/data-export', { password: u.password })).json().error.code).toBe('rate_limited');
  });
});
