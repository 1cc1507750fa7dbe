import type { Area } from '../../areas';
import { DAY_MS } from '../../clock';
import { INVESTMENT_LOCK_DAYS, investmentLockDaysLeft } from '../../locks';
import type { Cents } from '../../money';
import { count, datetime, money, type Fact } from '../facts';

/** More active investments than this are summed up in one line rather than listed. */
export const LISTED_INVESTMENTS = 5;

export interface InvestmentState {
  /** Active investments, valued now with the same rule as the portfolio and a stop. */
  active: { area: Area; amountCents: Cents; valueCents: Cents; createdAt: string }[];
}

/** When each active investment can be stopped, and what a stop would credit now. */
export function resolveInvestments(s: InvestmentState, now: Date): Fact[] {
  if (s.active.length === 0) return [{ key: 'stop.none', values: {}, link: '/invest' }];
  const byDate = [...s.active].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const facts: Fact[] = byDate.slice(0, LISTED_INVESTMENTS).map((inv) => {
    const created = new Date(inv.createdAt);
    const left = investmentLockDaysLeft(created, now);
    const values = {
      area: { type: 'area' as const, value: inv.area },
      amount: money(inv.amountCents),
      value: money(inv.valueCents),
    };
    return left > 0
      ? {
          key: 'stop.locked',
          values: {
            ...values,
            until: datetime(new Date(created.getTime() + INVESTMENT_LOCK_DAYS * DAY_MS)),
            days: count(left),
          },
          link: '/portfolio',
        }
      : { key: 'stop.ready', values, link: '/portfolio' };
  });
  const rest = byDate.slice(LISTED_INVESTMENTS);
  if (rest.length > 0) {
    facts.push({
      key: 'stop.more',
      values: { count: count(rest.length), value: money(rest.reduce((sum, inv) => sum + inv.valueCents, 0)) },
      link: '/portfolio',
    });
  }
  return facts;
}
