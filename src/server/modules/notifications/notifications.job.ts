import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { instanceId, runLeasedJob } from '../../jobs/lease';
import { deliverDue } from './delivery';
import { createTransport } from './transport';

export const OUTBOX_JOB = 'email-outbox';

/** Delivers the e-mail outbox every few seconds, on the one instance holding the lease. */
export function startEmailDelivery(app: FastifyInstance, ctx: AppContext, opts: { intervalMs?: number; holder?: string } = {}) {
  const transport = createTransport(ctx.config.mail);
  const job = runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log: app.log },
    OUTBOX_JOB,
    opts.intervalMs ?? 5000,
    async () => {
      await deliverDue({ db: ctx.db, clock: ctx.clock, transport, from: ctx.config.mail.from, log: app.log });
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
