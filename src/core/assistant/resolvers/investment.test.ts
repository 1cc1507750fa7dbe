import { describe, expect, it } from 'vitest';
import { LISTED_INVESTMENTS, resolveInvestments } from './investment';

const now = new Date('2026-11-25T12:00:00.000Z');

describe('resolveInvestments', () => {
  it('gives the first instant a young investment can be stopped, and its value now', () => {
    expect(
      resolveInvestments(
        {
          active: [
            { area: 'crypto', amountCents: 100_000, valueCents: 112_345, createdAt: '2026-11-23T18:45:00.000Z' },
          ],
        },
        now,
      ),
    ).toEqual([
      {
        key: 'stop.locked',
        values: {
          area: { type: 'area', value: 'crypto' },
          amount: { type: 'money', amount: '1000.00' },
          value: { type: 'money', amount: '1123.45' },
          until: { type: 'datetime', at: '2026-11-28T18:45:00.000Z' },
          days: { type: 'count', value: 4 },
        },
        link: '/portfolio',
      },
    ]);
  });

  it('says an investment past its 5 full days can be stopped now, at exactly 5 days', () => {
    const [fact] = resolveInvestments(
      { active: [{ area: 'stocks', amountCents: 100_000, valueCents: 90_000, createdAt: '2026-11-20T12:00:00.000Z' }] },
      now,
    );
    expect(fact).toMatchObject({ key: 'stop.ready', values: { value: { amount: '900.00' } } });
  });

  it('lists the oldest first and sums up the rest', () => {
    const active = Array.from({ length: LISTED_INVESTMENTS + 2 }, (_, i) => ({
      area: 'trading' as const,
      amountCents: 10_000,
      valueCents: 10_000 + i,
      createdAt: `2026-11-${String(10 + i).padStart(2, '0')}T00:00:00.000Z`,
    }));
    const facts = resolveInvestments({ active: [...active].reverse() }, now);
    expect(facts).toHaveLength(LISTED_INVESTMENTS + 1);
    expect(facts[0]!.values.value).toEqual({ type: 'money', amount: '100.00' });
    expect(facts.at(-1)).toEqual({
      key: 'stop.more',
      values: { count: { type: 'count', value: 2 }, value: { type: 'money', amount: '200.11' } },
      link: '/portfolio',
    });
  });

  it('says there is none', () => {
    expect(resolveInvestments({ active: [] }, now)).toEqual([{ key: 'stop.none', values: {}, link: '/invest' }]);
  });
});
