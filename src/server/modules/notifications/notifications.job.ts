import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { instanceId, runLeasedJob } from '../../jobs/lease';
import { deliverDue } from './delivery';
import { createTransport } from './transport';

export const OUTBOX_JOB = 'email-outbox';

const BATCH = 20;

/**
 * Delivers the e-mail outbox every few seconds, on the one instance holding the lease. A backlog
 * is worked through batch after batch within half an interval (a burst of approvals is not
 * spread over minutes); each row's claim keeps it exclusive even if the lease lapses meanwhile.
 */
export function startEmailDelivery(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { intervalMs?: number; holder?: string } = {},
) {
  const transport = createTransport(ctx.config.mail);
  const intervalMs = opts.intervalMs ?? 5000;
  const job = runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log: app.log },
    OUTBOX_JOB,
    intervalMs,
    async () => {
      const started = Date.now();
      for (;;) {
        const { sent, failed } = await deliverDue(
          { db: ctx.db, clock: ctx.clock, transport, from: ctx.config.mail.from, log: app.log },
          BATCH,
        );
        if (sent + failed < BATCH || Date.now() - started > intervalMs / 2) break;
      }
    },
    opts.holder ?? instanceId,
  );
  return {
    tick: job.tick,
    stop: async () => {
      await job.stop();
      transport.close();
    },
  };
}
