import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs, deliverDue } from '../../src/server/modules/notifications/delivery';
import { OUTBOX_JOB, startEmailDelivery } from '../../src/server/modules/notifications/notifications.job';
import { enqueueEmail } from '../../src/server/modules/notifications/outbox';
import { createTransport } from '../../src/server/modules/notifications/transport';
import { createTestApp, type TestApp } from '../support/app';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

const rowOf = (id: string) =>
  t.ctx.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('e-mail outbox over SMTP', () => {
  it('retries after a refusal with backoff, delivers once, never twice', async () => {
    const transport = createTransport({ smtpUrl: smtp.url, outboxDir: path.join(t.testDb.dataDir, 'mail') });
    const deps = { db: t.ctx.db, clock: t.clock, transport, from: 'Atlas Invest <no-reply@atlas.test>', log: silent };
    const id = await enqueueEmail(t.ctx.db, {
      to: 'marie@example.test',
      template: 'deposit_approved',
      locale: 'fr',
      params: { amount: '1250.00' },
      now: t.clock.now(),
    });
    smtp.refuse = 1;

    expect(await deliverDue(deps)).toEqual({ sent: 0, failed: 1 });
    const afterRefusal = await rowOf(id);
    expect(afterRefusal).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterRefusal.last_error).toMatch(/451|busy/i);
    expect(smtp.received).toHaveLength(0);

    // Not due yet: the backoff holds it back.
    expect(await deliverDue(deps)).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(backoffMs(1));
    expect(await deliverDue(deps)).toEqual({ sent: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });

    t.clock.advance(3_600_000);
    expect(await deliverDue(deps)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['marie@example.test']);
    expect(smtp.received[0]!.raw).toContain('Subject: =?UTF-8?Q?D=C3=A9p=C3=B4t_approuv=C3=A9?=');
    expect(smtp.received[0]!.raw).toContain('$1,250.00');
    expect(smtp.received[0]!.raw).toContain(`Message-ID: <${id}@atlas-invest>`);
    transport.close();
  });

  it('two instances ticking at once deliver each message exactly once (lease + claim)', async () => {
    const env = { SMTP_URL: smtp.url };
    const a = await createTestApp(env, t.testDb);
    const b = await createTestApp(env, t.testDb);
    const before = smtp.received.length;
    for (let i = 0; i < 5; i++) {
      await enqueueEmail(t.ctx.db, {
        to: `many${i}@example.test`,
        template: 'withdrawal_approved',
        locale: 'en',
        params: { amount: '10.00', crypto: 'BTC' },
      });
    }
    const jobA = startEmailDelivery(a.app, a.ctx, { intervalMs: 60_000, holder: 'instance-a' });
    const jobB = startEmailDelivery(b.app, b.ctx, { intervalMs: 60_000, holder: 'instance-b' });
    try {
      const ran = await Promise.all([jobA.tick(), jobB.tick()]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      // Whoever holds the lease keeps it; the other never sends.
      await Promise.all([jobA.tick(), jobB.tick()]);
      const got = smtp.received
        .slice(before)
        .map((m) => m.to[0])
        .sort();
      expect(got).toEqual([0, 1, 2, 3, 4].map((i) => `many${i}@example.test`));
    } finally {
      await jobA.stop();
      await jobB.stop();
      await a.app.close();
      await b.app.close();
    }
  });

  it('works through a backlog in one tick instead of 20 messages per interval', async () => {
    const a = await createTestApp({ SMTP_URL: smtp.url }, t.testDb);
    const before = smtp.received.length;
    for (let i = 0; i < 65; i++) {
      await enqueueEmail(t.ctx.db, {
        to: `backlog${i}@example.test`,
        template: 'withdrawal_approved',
        locale: 'fr',
        params: { amount: '1.00', crypto: 'BTC' },
      });
    }
    // The lease the previous test left (60 s) would keep this instance from running.
    await t.ctx.db.deleteFrom('job_lease').where('name', '=', OUTBOX_JOB).execute();
    const job = startEmailDelivery(a.app, a.ctx, { intervalMs: 60_000, holder: 'instance-backlog' });
    try {
      expect(await job.tick()).toBe(true);
      const got = smtp.received.slice(before).filter((m) => String(m.to[0]).startsWith('backlog'));
      expect(got).toHaveLength(65);
    } finally {
      await job.stop();
      await a.app.close();
    }
  });
});

describe('outbox rules', () => {
  it('is written in the transaction of the change: a rollback leaves no e-mail', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await enqueueEmail(trx, {
          to: 'rollback@example.test',
          template: 'deposit_rejected',
          locale: 'es',
          params: { amount: '5.00' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.ctx.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', 'rollback@example.test')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('without SMTP_URL writes .eml files under DATA_DIR/mail, in the recipient language', async () => {
    const dir = path.join(t.testDb.dataDir, 'mail-files');
    const transport = createTransport({ outboxDir: dir });
    const id = await enqueueEmail(t.ctx.db, {
      to: 'eml@example.test',
      template: 'withdrawal_rejected',
      locale: 'es',
      params: { amount: '20.50', reason: 'Dirección inválida' },
      now: t.clock.now(),
    });
    await deliverDue({ db: t.ctx.db, clock: t.clock, transport, from: 'Atlas <no-reply@atlas.test>', log: silent });
    expect(readdirSync(dir)).toContain(`${id}.eml`);
    const eml = readFileSync(path.join(dir, `${id}.eml`), 'utf8');
    expect(eml).toContain('To: eml@example.test');
    expect(eml).toMatch(/Retiro rechazado|Retiro_rechazado/);
    expect(eml).toContain('$20.50');
  });

  it('keeps a message that keeps failing as failed (never lost), with its last error', async () => {
    const transport = { send: async () => Promise.reject(new Error('connection refused')), close: () => {} };
    const id = await enqueueEmail(t.ctx.db, {
      to: 'doomed@example.test',
      template: 'password_reset',
      locale: 'fr',
      params: { url: 'http://x/reset' },
      now: t.clock.now(),
    });
    for (let i = 0; i < 12; i++) {
      await deliverDue({ db: t.ctx.db, clock: t.clock, transport, from: 'x@y.z', log: silent });
      t.clock.advance(3_600_000);
    }
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 12, last_error: 'connection refused' });
  });
});
