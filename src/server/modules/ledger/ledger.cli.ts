import type { AppContext } from '../../context';
import { recordVerification } from './verification.repo';
import { verifyLedger } from './verify';

/** `npm run admin -- verify-ledger`: exit 0 when every invariant holds, 1 with the list of problems otherwise. */
export const verifyLedgerCommand = {
  summary: 'recompute every balance from the journal and check the invariants (exit 1 on any discrepancy)',
  async run(ctx: AppContext): Promise<number> {
    const report = await verifyLedger(ctx.db);
    // Kept so that /metrics (and operators) see when the ledger was last verified and how it went.
    await recordVerification(ctx.db, { kind: 'ledger', ranAt: ctx.clock.now().toISOString(), ok: report.problems.length === 0, problems: report.problems.length, detail: report.problems.slice(0, 20).join('\n') });
    console.log(`ledger: ${report.transactions} transactions, ${report.entries} entries, ${report.accounts} accounts`);
    if (report.problems.length === 0) {
      console.log('OK: every transaction sums to zero, cached balances match the entries, no user balance is negative.');
      return 0;
    }
    for (const p of report.problems) console.error(`PROBLEM: ${p}`);
    console.error(`${report.problems.length} problem(s) found.`);
    return 1;
  },
};
