import { isArea } from '../../../core/areas';
import { addMonths, monthEnd, monthKey, monthsBetween } from '../../../core/valuation';
import { atEachMonthTurn } from '../../jobs/month-turn';
import type { AppContext } from '../../context';
import { runLeasedJob, type LeasedJob } from '../../jobs/lease';
import { BTC_SYMBOL } from '../market/market.service';
import * as repo from './portfolio.repo';
import type { HistoryRow } from './portfolio.repo';

const USERS_PER_PAGE = 500;
const column = {
  crypto: 'crypto_cents',
  stocks: 'stocks_cents',
  real_estate: 'real_estate_cents',
  trading: 'trading_cents',
} as const;

/**
 * Writes the month's row for every user who held an investment at its end (UTC), valued with the
 * last BTC price stored before that instant. Rows already there are left as they are, so running
 * it twice, or on two instances at once, writes each row once. Returns the rows inserted.
 */
export async function snapshotMonth(ctx: Pick<AppContext, 'db' | 'clock'>, month: string): Promise<number> {
  const end = monthEnd(month).toISOString();
  const price = await repo.priceBefore(ctx.db, BTC_SYMBOL, end);
  let after: string | null = null;
  let inserted = 0;
  for (;;) {
    const { rows, last } = await repo.valuesAt(ctx.db, end, price, after, USERS_PER_PAGE);
    if (last === null) break;
    inserted += await repo.insertHistory(ctx.db, historyRows(rows, month, ctx.clock.now().toISOString()));
    after = last;
  }
  return inserted;
}

/**
 * One person's row for a closed month, valued now exactly as the snapshot will value it: what the
 * history shows for a month that closed since the last run (the turn of the month until the next
 * hourly run), instead of a false zero. Null when nothing was invested at the month's end.
 */
export async function monthOf(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  month: string,
): Promise<HistoryRow | null> {
  const end = monthEnd(month).toISOString();
  const price = await repo.priceBefore(ctx.db, BTC_SYMBOL, end);
  const { rows } = await repo.valuesAt(ctx.db, end, price, null, 1, userId);
  return historyRows(rows, month, ctx.clock.now().toISOString())[0] ?? null;
}

function historyRows(
  rows: Array<{ userId: string; area: string; value: number }>,
  month: string,
  writtenAt: string,
): HistoryRow[] {
  const byUser = new Map<string, HistoryRow>();
  for (const r of rows) {
    if (!isArea(r.area)) continue;
    const row = byUser.get(r.userId) ?? {
      user_id: r.userId,
      month,
      crypto_cents: 0,
      stocks_cents: 0,
      real_estate_cents: 0,
      trading_cents: 0,
      written_at: writtenAt,
    };
    row[column[r.area]] += r.value;
    byUser.set(r.userId, row);
  }
  return [...byUser.values()];
}

/**
 * Every closed month not yet completed, from the month of the first investment up to last month:
 * a server that was down at a month's turn catches up at its next start.
 */
export async function catchUp(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<string[]> {
  const first = await repo.earliestInvestmentAt(ctx.db);
  if (!first) return [];
  const lastClosed = addMonths(monthKey(ctx.clock.now()), -1);
  const firstMonth = monthKey(first);
  const done = await repo.completedMonths(ctx.db, firstMonth);
  const todo = monthsBetween(addMonths(firstMonth, -1), lastClosed).filter((m) => !done.has(m));
  for (const month of todo) {
    await snapshotMonth(ctx, month);
    await repo.markCompleted(ctx.db, month, ctx.clock.now().toISOString());
  }
  return todo;
}

export const SNAPSHOT_INTERVAL_MS = 60 * 60 * 1000;

/** Hourly (and shortly after start), the instance holding the lease writes the months that closed since. */
export function startPerformanceSnapshots(
  ctx: AppContext,
  log?: { error(obj: unknown, msg: string): void },
): LeasedJob {
  const job = runLeasedJob(
    { db: ctx.db, clock: ctx.clock, log },
    'performance-snapshot',
    SNAPSHOT_INTERVAL_MS,
    async () => {
      await catchUp(ctx);
    },
    undefined,
    5_000,
  );
  // The month that just closed is recorded at the turn, not up to an hour later (until then it is computed live).
  const stopTurns = atEachMonthTurn(ctx.clock, () => void job.tick());
  return {
    tick: job.tick,
    stop: async () => {
      stopTurns();
      await job.stop();
    },
  };
}
