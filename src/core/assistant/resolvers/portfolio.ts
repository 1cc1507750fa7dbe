import { areas, type Area } from '../../areas';
import type { Cents } from '../../money';
import { count, money, type Fact } from '../facts';

export interface PortfolioState {
  /** What is available to invest or withdraw. */
  availableCents: Cents;
  /** Active investments: the amount put in and its value now (the portfolio's own rule). */
  active: { area: Area; amountCents: Cents; valueCents: Cents }[];
}

const sum = (list: { amountCents: Cents; valueCents: Cents }[]) =>
  list.reduce((s, i) => ({ amount: s.amount + i.amountCents, value: s.value + i.valueCents }), { amount: 0, value: 0 });

/**
 * "How much have I invested": the amount in active investments and its value now, then the same
 * per area (in the catalogue's order), then the available balance.
 */
export function resolvePortfolio(s: PortfolioState): Fact[] {
  const available: Fact = {
    key: 'portfolio.available',
    values: { available: money(s.availableCents) },
    link: '/invest',
  };
  if (s.active.length === 0) return [{ key: 'portfolio.none', values: {}, link: '/invest' }, available];
  const total = sum(s.active);
  const facts: Fact[] = [
    {
      key: 'portfolio.invested',
      values: { invested: money(total.amount), value: money(total.value), count: count(s.active.length) },
      link: '/portfolio',
    },
  ];
  for (const area of areas) {
    const inArea = s.active.filter((i) => i.area === area);
    if (inArea.length === 0) continue;
    const t = sum(inArea);
    facts.push({
      key: 'portfolio.area',
      values: { area: { type: 'area', value: area }, invested: money(t.amount), value: money(t.value) },
    });
  }
  facts.push(available);
  return facts;
}
