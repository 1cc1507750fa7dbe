import { describe, expect, it } from 'vitest';
import { resolvePortfolio } from './portfolio';

describe('resolvePortfolio', () => {
  it('answers "how much have I invested" with the amount, its value now, then per area and the balance', () => {
    const facts = resolvePortfolio({
      availableCents: 12_345,
      active: [
        { area: 'stocks', amountCents: 50_000, valueCents: 51_000 },
        { area: 'crypto', amountCents: 20_000, valueCents: 18_000 },
        { area: 'stocks', amountCents: 10_000, valueCents: 10_000 },
      ],
    });
    expect(facts).toEqual([
      {
        key: 'portfolio.invested',
        values: {
          invested: { type: 'money', amount: '800.00' },
          value: { type: 'money', amount: '790.00' },
          count: { type: 'count', value: 3 },
        },
        link: '/portfolio',
      },
      {
        key: 'portfolio.area',
        values: {
          area: { type: 'area', value: 'crypto' },
          invested: { type: 'money', amount: '200.00' },
          value: { type: 'money', amount: '180.00' },
        },
      },
      {
        key: 'portfolio.area',
        values: {
          area: { type: 'area', value: 'stocks' },
          invested: { type: 'money', amount: '600.00' },
          value: { type: 'money', amount: '610.00' },
        },
      },
      { key: 'portfolio.available', values: { available: { type: 'money', amount: '123.45' } }, link: '/invest' },
    ]);
  });

  it('says nothing is invested, with the balance, when no investment is active', () => {
    expect(resolvePortfolio({ availableCents: 0, active: [] }).map((f) => f.key)).toEqual([
      'portfolio.none',
      'portfolio.available',
    ]);
  });
});
