import type { AppContext } from '../../context';
import { CLI_SOURCE } from '../audit/audit.service';
import { createProofStore } from '../storage/proof-store';
import { createRetentionService } from './retention.service';
import { userIdBy } from './closure.repo';

/** The account an operator names: by UID (ATU…) or by e-mail. */
async function userOf(ctx: AppContext, flags: Record<string, string>): Promise<string | null> {
  if (flags.user) return flags.user;
  return userIdBy(ctx.db, { uid: flags.uid?.trim().toUpperCase(), email: flags.email?.trim().toLowerCase() });
}

async function withRetention<T>(ctx: AppContext, run: (r: ReturnType<typeof createRetentionService>) => Promise<T>) {
  const proofs = createProofStore(ctx.config);
  try {
    return await run(createRetentionService(ctx, { proofs }));
  } finally {
    await proofs.close();
  }
}

/** `npm run admin -- retention-status --uid ATU123456` (or --email, --user <id>). */
export const retentionStatusCommand = {
  summary: "show an account's closure and retention status: each category, its legal basis, until when, done or not",
  async run(ctx: AppContext, flags: Record<string, string>): Promise<number> {
    const userId = await userOf(ctx, flags);
    if (!userId) {
      console.error('no such account: give --uid ATU…, --email or --user <id>');
      return 2;
    }
    const s = await withRetention(ctx, (r) => r.status(userId));
    console.log(`account ${s.userId}: ${s.state ?? 'open'}${s.closedAt ? `, closed ${s.closedAt}` : ''}`);
    for (const r of s.schedule)
      console.log(
        `  ${r.category.padEnd(24)} ${r.action.padEnd(13)} ${(r.until ?? '(from closure)').padEnd(26)} ${r.done ? 'DONE' : 'kept'}  ${r.basis}`,
      );
    for (const a of s.erasureAnswers)
      console.log(
        `  erasure request answered ${a.at}: erased ${a.erased.join(', ') || 'nothing'}; kept ${a.remaining.map((x) => `${x.category} until ${x.until.slice(0, 10)}`).join(', ')}`,
      );
    return 0;
  },
};

/** `npm run admin -- retention-run`: the daily retention job now (every closed account, every due rule). */
export const retentionRunCommand = {
  summary: 'run the retention job now: every due action of every closed account, each in the sealed audit trail',
  async run(ctx: AppContext): Promise<number> {
    const r = await withRetention(ctx, (s) => s.runAll(CLI_SOURCE));
    console.log(`${r.accounts} closed accounts looked at, ${r.actions} retention actions done`);
    return 0;
  },
};

/** `npm run admin -- erasure-request --uid ATU123456`: an erasure request received outside the app. */
export const erasureRequestCommand = {
  summary:
    'record an erasure request for a closed account (received by mail or letter): erase what is due, print the dated answer',
  async run(ctx: AppContext, flags: Record<string, string>): Promise<number> {
    const userId = await userOf(ctx, flags);
    if (!userId) {
      console.error('no such account: give --uid ATU…, --email or --user <id>');
      return 2;
    }
    const a = await withRetention(ctx, (r) => r.erasureRequest(userId, CLI_SOURCE));
    console.log(`answered ${a.at}: erased ${a.erased.join(', ') || 'nothing'}`);
    for (const x of a.remaining) console.log(`  kept: ${x.category} until ${x.until} (${x.basis})`);
    return 0;
  },
};
