import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock, DAY_MS } from '../../src/core/clock';
import { retentionSchedule } from '../../src/core/retention';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/context';
import { deliverDue } from '../../src/server/modules/notifications/delivery';
import { createTransport } from '../../src/server/modules/notifications/transport';
import { sealPending, verifySeals } from '../../src/server/modules/ledger/seal';
import { verifyLedger } from '../../src/server/modules/ledger/verify';
import { testConfig, type TestApp } from '../support/app';
import { createTestDb, testDialect } from '../support/db';
import { seededImage } from '../support/images';
import { fund } from '../support/money';
import { createAdmin, createUser, login, someIp, type TestUser } from '../support/users';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}
const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join('');

/**
 * Proof of erasure (issue 28, item 5; decision 039): an investor with unique markers in every
 * personal field closes their account; the retention job runs past each horizon; no marker is left
 * in any table or column, stored file, mail outbox, log line or audit payload, and the ledger and the
 * seal chain still verify.
 */
describe(`proof of erasure (${testDialect})`, () => {
  let t: TestApp;
  const logs: string[] = [];
  const tag = letters(8);
  const markers = {
    firstName: `Zorblax${tag}`,
    lastName: `Quintrel${letters(8)}`,
    email: `erasure.${tag}@example.test`,
    phone: `3${Array.from(randomBytes(7), (b) => b % 10).join('')}`,
    documentNumber: `ZQ${Array.from(randomBytes(8), (b) => b % 10).join('')}`,
    wallet: base58(randomBytes(32)),
  };

  beforeAll(async () => {
    const db = await createTestDb();
    const clock = new AdjustableClock();
    const ctx: AppContext = {
      config: testConfig(db.dataDir, { DEMO_MODE: 'true', LOG_LEVEL: 'info' }),
      dbh: db,
      db: db.db,
      dialect: db.dialect,
      clock,
    };
    const app = await buildApp(ctx, { logStream: { write: (line: string) => void logs.push(line) } });
    await app.ready();
    t = { app, ctx, clock, testDb: db, close: async () => (await app.close(), await db.destroy()) };
  });
  afterAll(async () => t.close());

  const call = (who: TestUser | string, method: 'GET' | 'POST', url: string, payload?: unknown, headers = {}) =>
    t.app.inject({
      method,
      url,
      payload: payload as never,
      headers: { cookie: typeof who === 'string' ? who : who.cookie, ...headers },
      remoteAddress: someIp(),
    });
  const image = (data: FormData, slot: string, bytes: Buffer) =>
    data.append(slot, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${slot}.png`);
  const deliver = () =>
    deliverDue({
      db: t.ctx.db,
      clock: t.clock,
      transport: createTransport({ outboxDir: t.ctx.config.mail.outboxDir }),
      from: 'test@example.test',
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });

  /** Every row of every table, as text. */
  async function everyRow(): Promise<Array<{ table: string; text: string }>> {
    const tables =
      t.ctx.dialect === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
              t.ctx.db,
            )
          ).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.ctx.db)).rows;
    const out: Array<{ table: string; text: string }> = [];
    for (const { name } of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.ctx.db);
      for (const row of rows.rows)
        out.push({ table: name, text: JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) });
    }
    return out;
  }

  function everyFile(dir: string): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true })
      .map((f) => path.join(dir, String(f)))
      .filter((f) => statSync(f).isFile());
  }

  it('leaves no marker anywhere once every horizon has passed, and the seal chain and the ledger still verify', async () => {
    const admin = await createAdmin(t);
    const friend = await createUser(t);
    const u = await createUser(t, {
      firstName: markers.firstName,
      lastName: markers.lastName,
      email: markers.email,
      phone: markers.phone,
      locale: 'fr',
    });
    const fullName = `${markers.firstName} ${markers.lastName}`;
    expect(u.fullName).toBe(fullName);

    // Identity: the document number and four images of their own.
    const files = await Promise.all([9001, 9002, 9003, 9004].map((s) => seededImage(s)));
    const idForm = new FormData();
    idForm.append('documentType', 'id_card');
    idForm.append('documentNumber', markers.documentNumber);
    idForm.append('documentExpiry', '2031-06-30');
    ['front', 'back', 'selfie', 'address'].forEach((slot, i) => image(idForm, slot, files[i]!));
    const identity = await call(u, 'POST', '/api/identity', idForm);
    expect(identity.statusCode, identity.body).toBe(201);
    expect((await call(admin, 'POST', `/api/admin/identities/${identity.json().current.id}/verify`)).statusCode).toBe(
      200,
    );

    // A deposit with its proof, approved.
    const depForm = new FormData();
    depForm.append('amount', '30.00');
    image(depForm, 'proof', await seededImage(9005));
    const dep = await call(u, 'POST', '/api/deposits', depForm);
    expect(dep.statusCode, dep.body).toBe(201);
    expect((await call(admin, 'POST', `/api/admin/deposits/${dep.json().id}/approve`)).statusCode).toBe(200);
    await fund(t.ctx, u.id, 20_00);

    // A transfer from a friend names them in the friend's kept answer; a withdrawal with a key keeps the address.
    await fund(t.ctx, friend.id, 5_00);
    const gift = await call(
      friend,
      'POST',
      '/api/transfers',
      { recipientUid: u.uid, amount: '1.00' },
      { 'idempotency-key': `gift-${tag}` },
    );
    expect(gift.statusCode).toBe(201);
    expect(gift.body).toContain(markers.firstName);
    const w = await call(
      u,
      'POST',
      '/api/withdrawals',
      { amount: '51.00', crypto: 'SOL', address: markers.wallet },
      { 'idempotency-key': `out-${tag}` },
    );
    expect(w.statusCode, w.body).toBe(201);
    expect((await call(admin, 'POST', `/api/admin/withdrawals/${w.json().id}/approve`)).statusCode).toBe(200);

    // The stored files, as bytes, to find again anywhere.
    const stored = await t.ctx.db
      .selectFrom('identity_verification')
      .select(['front_path', 'back_path', 'selfie_path', 'address_path'])
      .where('user_id', '=', u.id)
      .execute();
    const proof = await t.ctx.db
      .selectFrom('deposit_request')
      .select('proof_path')
      .where('user_id', '=', u.id)
      .execute();
    const paths = [
      ...stored.flatMap((r) => [r.front_path, r.back_path, r.selfie_path, r.address_path]),
      ...proof.map((p) => p.proof_path),
    ].filter((p): p is string => !!p);
    expect(paths).toHaveLength(5);
    const digests = new Set<string>();
    for (const p of paths) {
      const bytes = await t.app.services.proofs.get(p);
      expect(bytes).not.toBeNull();
      digests.add(createHash('sha256').update(bytes!).digest('hex'));
    }

    // Closed at zero; mails delivered (.eml files), rows sealed, markers present everywhere before.
    const asked = await call(u, 'POST', '/api/closure', { password: u.password });
    expect(asked.json().state).toBe('closed');
    await deliver();
    await sealPending(t.ctx.db, t.clock, t.ctx.dialect);
    const before = (await everyRow()).map((r) => r.text).join('\n');
    for (const m of Object.values(markers)) expect(before, m).toContain(m);

    // An erasure request right away: partly executed, with a dated answer saying what remains until when.
    const cookie = await login(t, u.email, u.password);
    const answer = await call(cookie, 'POST', '/api/closure/erasure', {});
    expect(answer.statusCode, answer.body).toBe(200);
    // What no law keeps went at closure already.
    expect(answer.json().erased).toEqual(['no_legal_basis']);
    expect(answer.json().remaining.map((r: { category: string }) => r.category)).toEqual([
      'sessions_security_logs',
      'identity_documents',
      'contact_details',
      'ledger_audit',
    ]);
    const view = (await call(cookie, 'GET', '/api/closure')).json();
    expect(view.erasureAnswers[0]).toEqual(answer.json());
    const mail = await t.ctx.db
      .selectFrom('email_outbox')
      .select(['template', 'locale'])
      .where('user_id', '=', u.id)
      .where('template', '=', 'erasure_answer')
      .execute();
    expect(mail).toEqual([{ template: 'erasure_answer', locale: 'fr' }]);
    await deliver();

    // Past each horizon in turn, the daily job's work.
    let elapsed = 0;
    for (const rule of retentionSchedule) {
      t.clock.advance((rule.days + 1) * DAY_MS - elapsed);
      elapsed = (rule.days + 1) * DAY_MS;
      await t.app.services.retention.runAll();
    }
    const actions = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', u.id)
      .where('action', 'like', 'retention.%')
      .execute();
    expect(
      actions
        .map((a) => JSON.parse(a.after!).category)
        .filter(Boolean)
        .sort(),
    ).toEqual(['contact_details', 'identity_documents', 'ledger_audit', 'no_legal_basis', 'sessions_security_logs']);

    // The seal chain and the ledger verify, after sealing what the erasure wrote.
    await sealPending(t.ctx.db, t.clock, t.ctx.dialect);
    expect((await verifySeals(t.ctx.db, t.ctx.dialect)).problems).toEqual([]);
    expect((await verifyLedger(t.ctx.db)).problems).toEqual([]);

    // No marker in any table or column (audit payloads and the outbox included)…
    const rows = await everyRow();
    for (const m of Object.values(markers)) {
      const found = rows.filter((r) => r.text.toLowerCase().includes(m.toLowerCase()));
      expect(
        found.map((r) => `${r.table}: ${r.text.slice(0, 300)}`),
        m,
      ).toEqual([]);
    }
    // …in any stored file (uploads, delivered mail) by text or by content…
    const filesNow = everyFile(t.testDb.dataDir);
    for (const f of filesNow) {
      const bytes = readFileSync(f);
      expect(digests.has(createHash('sha256').update(bytes).digest('hex')), f).toBe(false);
      const text = bytes.toString('latin1').toLowerCase();
      for (const m of Object.values(markers)) expect(text.includes(m.toLowerCase()), `${m} in ${f}`).toBe(false);
    }
    for (const p of paths) expect(await t.app.services.proofs.get(p)).toBeNull();
    // …nor in the server's log output.
    expect(logs.length).toBeGreaterThan(0);
    const logText = logs.join('').toLowerCase();
    for (const m of Object.values(markers)) expect(logText.includes(m.toLowerCase()), m).toBe(false);
  });
});
