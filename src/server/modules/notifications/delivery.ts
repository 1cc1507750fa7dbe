import type { Clock } from '../../../core/clock';
import type { Db } from '../../db/index';
import { render, type TemplateName } from './templates';
import type { MailTransport } from './transport';

export const MAX_ATTEMPTS = 12;
const CLAIM_MS = 5 * 60_000;

/** 30 s, 1 min, 2 min… capped at 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  from: string;
  log: { info(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

/**
 * Sends what is due. Each row is claimed by a conditional update before sending, so two workers
 * never send the same message; a sent row is marked `sent` and never picked again. A claim left
 * by a crashed worker expires and the row is retried (same Message-ID, so a receiver can dedupe).
 */
export async function deliverDue(deps: DeliveryDeps, batch = 20): Promise<{ sent: number; failed: number }> {
  const { db, clock } = deps;
  const now = clock.now();
  const nowIso = now.toISOString();
  await db
    .updateTable('email_outbox')
    .set({ status: 'pending', claimed_until: null })
    .where('status', '=', 'sending')
    .where('claimed_until', '<', nowIso)
    .execute();
  const due = await db
    .selectFrom('email_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at')
    .limit(batch)
    .execute();
  let sent = 0;
  let failed = 0;
  for (const row of due) {
    const claimed = await db
      .updateTable('email_outbox')
      .set({ status: 'sending', claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      const mail = render(row.template as TemplateName, row.locale, JSON.parse(row.params));
      await deps.transport.send({ messageId: row.id, from: deps.from, to: row.to_address, subject: mail.subject, text: mail.text });
      await db
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: clock.now().toISOString(), attempts: row.attempts + 1, claimed_until: null, last_error: null })
        .where('id', '=', row.id)
        .execute();
      sent++;
    } catch (err) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      await db
        .updateTable('email_outbox')
        .set({
          status: giveUp ? 'failed' : 'pending',
          attempts,
          claimed_until: null,
          last_error: message.slice(0, 500),
          next_attempt_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      failed++;
      const log = giveUp ? deps.log.error.bind(deps.log) : deps.log.warn.bind(deps.log);
      log({ emailId: row.id, template: row.template, attempts, err: message }, giveUp ? 'e-mail delivery gave up; kept in outbox as failed' : 'e-mail delivery failed; will retry');
    }
  }
  return { sent, failed };
}
