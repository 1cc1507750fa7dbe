import { areas, type Area } from '../../../core/areas';
import { investmentLockDaysLeft } from '../../../core/locks';
import { toDecimalString } from '../../../core/money';
import { investmentValue, lastMonths, summarizePortfolio, type ValuedInvestment } from '../../../core/valuation';
import type { HistoryMonth, Portfolio } from '../../../contracts/portfolio';
import type { AppContext } from '../../context';
import type { CurrentPrice } from '../market/market.service';
import * as repo from './portfolio.repo';

export const HISTORY_MONTHS = 12;

export interface PriceReader {
  current(): Promise<CurrentPrice | null>;
}

type ActiveRow = Awaited<ReturnType<typeof repo.activeInvestments>>[number];

const valued = (r: ActiveRow): ValuedInvestment => ({
  area: r.area as Area,
  amountCents: Number(r.amount_cents),
  storedValueCents: Number(r.current_value_cents),
  btcPriceAtInvestmentCents: r.btc_price_at_investment_cents === null ? null : Number(r.btc_price_at_investment_cents),
});

/** The price feed may fail in any way; the portfolio is then valued at stored values (spec §4). */
async function safeCurrent(prices: PriceReader): Promise<CurrentPrice | null> {
  try {
    return await prices.current();
  } catch {
    return null;
  }
}

const historyKey: Record<Area, keyof Omit<HistoryMonth, 'month'>> = { crypto: 'crypto', stocks: 'stocks', real_estate: 'realEstate', trading: 'trading' };

export function createPortfolioService(ctx: Pick<AppContext, 'db' | 'clock'>, prices: PriceReader) {
  const { db, clock } = ctx;

  async function valueNow(userId: string) {
    const rows = await repo.activeInvestments(db, userId);
    const price = rows.some((r) => r.area === 'crypto') ? await safeCurrent(prices) : null;
    const btc = price?.priceCents ?? null;
    const investments = rows.map((r) => ({ row: r, inv: valued(r) }));
    return { investments, price, summary: summarizePortfolio(investments.map((i) => i.inv), btc), btc };
  }

  return {
    async portfolio(userId: string): Promise<Portfolio> {
      const now = clock.now();
      const { investments, price, summary, btc } = await valueNow(userId);
      const known = price ?? (await safeCurrent(prices));
      return {
        stats: {
          totalValue: toDecimalString(summary.totalValueCents),
          invested: toDecimalString(summary.investedCents),
          gain: toDecimalString(summary.gainCents),
          roi: summary.roi,
        },
        allocation: areas.map((area) => ({ area, value: toDecimalString(summary.valueByArea[area]), invested: toDecimalString(summary.investedByArea[area]) })),
        price: {
          btc: known ? toDecimalString(known.priceCents) : null,
          fetchedAt: known?.fetchedAt ?? null,
          ageSeconds: known ? Math.floor(known.ageMs / 1000) : null,
          stale: known ? known.stale : true,
        },
        investments: investments.map(({ row, inv }) => ({
          id: row.id,
          area: inv.area,
          amount: toDecimalString(inv.amountCents),
          currentValue: toDecimalString(investmentValue(inv, btc)),
          btcPriceAtInvestment: inv.btcPriceAtInvestmentCents === null ? null : toDecimalString(inv.btcPriceAtInvestmentCents),
          isActive: true,
          createdAt: row.created_at,
          stoppedAt: null,
          lockDaysLeft: investmentLockDaysLeft(new Date(row.created_at), now),
        })),
        valuedAt: now.toISOString(),
      };
    },

    /** The last 12 months, oldest first: closed months from the snapshots (zero when none), the current month live. */
    async history(userId: string): Promise<HistoryMonth[]> {
      const months = lastMonths(clock.now(), HISTORY_MONTHS);
      const current = months[months.length - 1]!;
      const [stored, live] = await Promise.all([repo.historyOf(db, userId, months[0]!, current), valueNow(userId)]);
      const byMonth = new Map(stored.map((r) => [r.month, r]));
      return months.map((month): HistoryMonth => {
        if (month === current) {
          const v = live.summary.valueByArea;
          return { month, ...Object.fromEntries(areas.map((a) => [historyKey[a], toDecimalString(v[a])])) } as HistoryMonth;
        }
        const row = byMonth.get(month);
        const cents = (n: number | undefined) => toDecimalString(Number(n ?? 0));
        return { month, crypto: cents(row?.crypto_cents), stocks: cents(row?.stocks_cents), realEstate: cents(row?.real_estate_cents), trading: cents(row?.trading_cents) };
      });
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
