import type { AppContext } from '../../context';
import { sealPending } from './seal';
import { sealHead } from './seal.repo';
import { verifyAndRecord } from './verification';

/**
 * `npm run admin -- verify-ledger [--expect-head <hash>]`: exit 0 when every invariant holds and
 * every seal recomputes; 1 with the list of problems (each tampered row named) otherwise.
 */
export const verifyLedgerCommand = {
  summary:
    'recompute every balance and every seal of the hash chain; names each row changed since sealed (exit 1 on any problem; --expect-head <hash> checks a published seal)',
  async run(ctx: AppContext, flags: Record<string, string> = {}): Promise<number> {
    const { report, seals } = await verifyAndRecord(ctx, { expectHead: flags['expect-head'] });
    console.log(`ledger: ${report.transactions} transactions, ${report.entries} entries, ${report.accounts} accounts`);
    console.log(
      `seals: ${seals.seals} seals over ${seals.rows} rows, ${seals.unsealed} rows not sealed yet, head ${seals.head ?? '(none)'}`,
    );
    const problems = [...report.problems, ...seals.problems];
    if (problems.length === 0) {
      console.log(
        'OK: every transaction sums to zero, cached balances match the entries, no user balance is negative, every seal recomputes.',
      );
      return 0;
    }
    for (const p of problems) console.error(`PROBLEM: ${p}`);
    console.error(`${problems.length} problem(s) found.`);
    return 1;
  },
};

/** `npm run admin -- seal-head`: the newest seal's hash, to publish outside the database. */
export const sealHeadCommand = {
  summary:
    'print the newest seal of the hash chain (number, time, hash) to publish outside the database; --seal seals pending rows first',
  async run(ctx: AppContext, flags: Record<string, string> = {}): Promise<number> {
    if (flags.seal === 'true') await sealPending(ctx.db, ctx.clock, ctx.dialect);
    const head = await sealHead(ctx.db);
    if (!head) {
      console.log('no seal yet');
      return 0;
    }
    console.log(`seal ${head.no} ${head.sealed_at} ${head.hash}`);
    return 0;
  },
};
