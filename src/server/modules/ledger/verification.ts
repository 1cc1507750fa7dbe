import type { AppContext } from '../../context';
import { verifySeals } from './seal';
import { recordVerification } from './verification.repo';
import { verifyLedger } from './verify';

/**
 * Verifies the ledger's invariants and recomputes every seal of the hash chain, and records both
 * results, so that /metrics and the operators' overview show when each last ran and how it went.
 * The command line (`verify-ledger`) and the overview's "verify now" job both run this.
 */
export async function verifyAndRecord(
  ctx: Pick<AppContext, 'db' | 'clock' | 'dialect'>,
  opts: { expectHead?: string } = {},
) {
  const report = await verifyLedger(ctx.db);
  const seals = await verifySeals(ctx.db, ctx.dialect, { expectHead: opts.expectHead });
  const ranAt = ctx.clock.now().toISOString();
  for (const [kind, problems] of [
    ['ledger', report.problems],
    ['seals', seals.problems],
  ] as const) {
    await recordVerification(ctx.db, {
      kind,
      ranAt,
      ok: problems.length === 0,
      problems: problems.length,
      detail: problems.slice(0, 20).join('\n'),
    });
  }
  return { report, seals };
}
