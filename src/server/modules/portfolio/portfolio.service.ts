import { areas, type Area } from '../../../core/areas';
import { investmentLockDaysLeft } from '../../../core/locks';
import { toDecimalString } from '../../../core/money';
import { investmentValue, lastMonths, monthKey, summarizePortfolio } from '../../../core/valuation';
import { valuedInvestment as valued } from '../investing/valuation';
import type { Investment } from '../../../contracts/investing';
import type { HistoryMonth, Portfolio, PortfolioInvestmentsPage } from '../../../contracts/portfolio';
import type { AppContext } from '../../context';
import type { CurrentPrice } from '../market/market.service';
import * as repo from './portfolio.repo';
import { monthOf } from './snapshot';
import { decodeCursor, encodeCursor } from '../../db/page-cursor';

export const HISTORY_MONTHS = 12;

export interface PriceReader {
  current(): Promise<CurrentPrice | null>;
}

type PageRow = Awaited<ReturnType<typeof repo.activePage>>[number];

/** Investments shown per page; the stats always count every active investment. */
export const INVESTMENTS_PAGE = 50;

/** The price feed may fail in any way; the portfolio is then valued at stored values (spec §4). */
async function safeCurrent(prices: PriceReader): Promise<CurrentPrice | null> {
  try {
    return await prices.current();
  } catch {
    return null;
  }
}

const historyKey: Record<Area, keyof Omit<HistoryMonth, 'month'>> = {
  crypto: 'crypto',
  stocks: 'stocks',
  real_estate: 'realEstate',
  trading: 'trading',
};

export function createPortfolioService(ctx: Pick<AppContext, 'db' | 'clock'>, prices: PriceReader) {
  const { db, clock } = ctx;

  /** Totals over every active investment, from four numbers per row (no page of rows is built for them). */
  async function valueNow(userId: string) {
    const rows = await repo.activeValuation(db, userId);
    const price = rows.some((r) => r.area === 'crypto') ? await safeCurrent(prices) : null;
    const btc = price?.priceCents ?? null;
    return { count: rows.length, price, summary: summarizePortfolio(rows.map(valued), btc), btc };
  }

  /** One page of active investments valued with `btc`, and the cursor of the next page. */
  async function page(userId: string, after: repo.PageKey | null, limit: number, btc: number | null, now: Date) {
    const rows = await repo.activePage(db, userId, after, limit + 1);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      investments: shown.map((row: PageRow): Investment => {
        const inv = valued(row);
        return {
          id: row.id,
          area: inv.area,
          amount: toDecimalString(inv.amountCents),
          currentValue: toDecimalString(investmentValue(inv, btc)),
          btcPriceAtInvestment:
            inv.btcPriceAtInvestmentCents === null ? null : toDecimalString(inv.btcPriceAtInvestmentCents),
          isActive: true,
          createdAt: row.created_at,
          stoppedAt: null,
          lockDaysLeft: investmentLockDaysLeft(new Date(row.created_at), now),
        };
      }),
      nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null,
    };
  }

  return {
    async portfolio(userId: string): Promise<Portfolio> {
      const now = clock.now();
      const { count, price, summary, btc } = await valueNow(userId);
      const known = price ?? (await safeCurrent(prices));
      const first = await page(userId, null, INVESTMENTS_PAGE, btc, now);
      return {
        stats: {
          totalValue: toDecimalString(summary.totalValueCents),
          invested: toDecimalString(summary.investedCents),
          gain: toDecimalString(summary.gainCents),
          roi: summary.roi,
        },
        allocation: areas.map((area) => ({
          area,
          value: toDecimalString(summary.valueByArea[area]),
          invested: toDecimalString(summary.investedByArea[area]),
        })),
        price: {
          btc: known ? toDecimalString(known.priceCents) : null,
          fetchedAt: known?.fetchedAt ?? null,
          ageSeconds: known ? Math.floor(known.ageMs / 1000) : null,
          stale: known ? known.stale : true,
        },
        investments: first.investments,
        nextCursor: first.nextCursor,
        activeCount: count,
        valuedAt: now.toISOString(),
      };
    },

    /** Older pages of the active investments, valued with the same price as the portfolio. */
    async investments(userId: string, cursor: string | undefined, limit: number): Promise<PortfolioInvestmentsPage> {
      const after = decodeCursor(cursor, (createdAt, id) => ({ createdAt, id })) ?? null;
      const price = await safeCurrent(prices);
      return page(userId, after, limit, price?.priceCents ?? null, clock.now());
    },

    /** The last 12 months, oldest first: closed months from the snapshots (zero when none) or valued now when not yet snapshotted, the current month live. */
    async history(userId: string): Promise<HistoryMonth[]> {
      const months = lastMonths(clock.now(), HISTORY_MONTHS);
      const current = months[months.length - 1]!;
      const [stored, live, completed, first] = await Promise.all([
        repo.historyOf(db, userId, months[0]!, current),
        valueNow(userId),
        repo.completedMonths(db, months[0]!),
        repo.firstInvestmentOf(db, userId),
      ]);
      const byMonth = new Map(stored.map((r) => [r.month, r]));
      // Months that closed after the last snapshot run (the turn of the month, until the next
      // hourly run) are valued now, as the run will value them, instead of showing a false zero.
      const lastRun = [...completed].sort().at(-1) ?? '';
      const pending = first
        ? months.slice(0, -1).filter((m) => m > lastRun && m >= monthKey(first) && !byMonth.has(m))
        : [];
      for (const row of await Promise.all(pending.map((m) => monthOf(ctx, userId, m))))
        if (row) byMonth.set(row.month, row);
      return months.map((month): HistoryMonth => {
        if (month === current) {
          const v = live.summary.valueByArea;
          return {
            month,
            ...Object.fromEntries(areas.map((a) => [historyKey[a], toDecimalString(v[a])])),
          } as HistoryMonth;
        }
        const row = byMonth.get(month);
        const cents = (n: number | undefined) => toDecimalString(Number(n ?? 0));
        return {
          month,
          crypto: cents(row?.crypto_cents),
          stocks: cents(row?.stocks_cents),
          realEstate: cents(row?.real_estate_cents),
          trading: cents(row?.trading_cents),
        };
      });
    },
  };
}
