import { DAY_MS } from '../../../core/clock';
import { dayOf, RENEWAL_WINDOW_DAYS } from '../../../core/identity';
import type { AppContext } from '../../context';
import { instanceId, runLeasedJob } from '../../jobs/lease';
import { enqueueEmail } from '../notifications/outbox';
import { dueExpiryWarnings, markExpiryWarned } from './expiry-warning.repo';

export const EXPIRY_WARNING_JOB = 'identity-expiry-warning';
const BATCH = 50;

/**
 * Writes the e-mail that warns a person their verified document expires within RENEWAL_WINDOW_DAYS
 * (issue 46, item 1; decision 050), in their language, once per document: the mark and the e-mail
 * are one transaction, and the mark is set only where it was still empty, so a restart or a second
 * instance finds nothing left to send. Returns how many were written.
 */
export async function warnExpiringDocuments(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<number> {
  const now = ctx.clock.now();
  const from = dayOf(now);
  const to = dayOf(new Date(now.getTime() + RENEWAL_WINDOW_DAYS * DAY_MS));
  const url = new URL('/profile#identity', ctx.config.publicUrl).toString();
  let written = 0;
  for (;;) {
    const due = await dueExpiryWarnings(ctx.db, from, to, BATCH);
    for (const row of due)
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await markExpiryWarned(trx, row.id, now.toISOString()))) return;
        await enqueueEmail(trx, {
          userId: row.user_id,
          to: row.email,
          template: 'identity_expiring',
          locale: row.locale,
          params: { expiry: row.document_expiry, url },
          now,
        });
        written++;
      });
    if (due.length < BATCH) return written;
  }
}

/** Hourly, on the one instance holding the lease (the jobs pattern of decision 020). */
export function startIdentityExpiryWarnings(
  ctx: AppContext,
  log: { error(obj: unknown, msg: string): void; info?(obj: unknown, msg: string): void },
  opts: { intervalMs?: number; holder?: string; firstTickMs?: number } = {},
) {
  return runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    EXPIRY_WARNING_JOB,
    opts.intervalMs ?? 3_600_000,
    async () => {
      const written = await warnExpiringDocuments(ctx);
      if (written > 0) log.info?.({ job: EXPIRY_WARNING_JOB, written }, 'identity expiry warnings written');
    },
    opts.holder ?? instanceId,
    opts.firstTickMs ?? 60_000,
  );
}
