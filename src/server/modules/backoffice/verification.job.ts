import type { AppContext } from '../../context';
import { instanceId, runLeasedJob } from '../../jobs/lease';
import { verifyAndRecord } from '../ledger/verification';
import * as repo from './overview.repo';

export const VERIFICATION_JOB = 'ledger-verification';

/** Runs a requested verification (ledger and seals), once, and records it like `npm run admin -- verify-ledger`. */
export async function runRequestedVerification(ctx: Pick<AppContext, 'db' | 'clock' | 'dialect'>): Promise<boolean> {
  const open = await repo.openVerificationRequest(ctx.db, 'ledger');
  if (!open) return false;
  const startedAt = ctx.clock.now().toISOString();
  await verifyAndRecord(ctx);
  const ranAt = ctx.clock.now().toISOString();
  await repo.closeVerificationRequests(ctx.db, 'ledger', startedAt, ranAt);
  return true;
}

/** Looks for an operator's request every few seconds, on the one instance holding the lease. */
export function startVerificationJob(
  ctx: AppContext,
  log: { error(obj: unknown, msg: string): void },
  opts: { intervalMs?: number; holder?: string } = {},
) {
  return runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    VERIFICATION_JOB,
    opts.intervalMs ?? 5000,
    async () => void (await runRequestedVerification(ctx)),
    opts.holder ?? instanceId,
  );
}
