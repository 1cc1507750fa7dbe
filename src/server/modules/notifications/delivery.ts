import type { Clock } from '../../../core/clock';
import type { Db } from '../../db/index';
import * as repo from './outbox.repo';
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
  log: {
    info(obj: unknown, msg: string): void;
    warn(obj: unknown, msg: string): void;
    error(obj: unknown, msg: string): void;
  };
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
  await repo.releaseExpiredClaims(db, nowIso);
  const due = await repo.dueMessages(db, nowIso, batch);
  let sent = 0;
  let failed = 0;
  for (const row of due) {
    if (!(await repo.claim(db, row.id, new Date(now.getTime() + CLAIM_MS).toISOString()))) continue;
    try {
      const mail = render(row.template as TemplateName, row.locale, JSON.parse(row.params));
      await deps.transport.send({
        messageId: row.id,
        from: deps.from,
        to: row.to_address,
        subject: mail.subject,
        text: mail.text,
      });
      await repo.markSent(db, row.id, row.attempts + 1, clock.now().toISOString());
      sent++;
    } catch (err) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      await repo.markAttemptFailed(db, row.id, {
        attempts,
        giveUp,
        error: message.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
      });
      failed++;
      const log = giveUp ? deps.log.error.bind(deps.log) : deps.log.warn.bind(deps.log);
      log(
        { emailId: row.id, template: row.template, attempts, err: message },
        giveUp ? 'e-mail delivery gave up; kept in outbox as failed' : 'e-mail delivery failed; will retry',
      );
    }
  }
  return { sent, failed };
}
