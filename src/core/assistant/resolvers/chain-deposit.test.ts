import { describe, expect, it } from 'vitest';
import { rateToCents, resolveChainDeposit, type ChainDepositState } from './chain-deposit';

const base: ChainDepositState = {
  followed: ['BTC'],
  addresses: [{ coin: 'BTC', address: 'bc1qexample' }],
  payments: [],
  minimum: '10.00',
};
const payment = {
  coin: 'BTC' as const,
  amount: '0.00125',
  required: 2,
  firstSeenAt: '2026-11-25T10:00:00.000Z',
  outcome: null,
};

describe('where a deposit on chain stands', () => {
  it('says nothing where no chain is followed, and the address while no payment came', () => {
    expect(resolveChainDeposit({ ...base, followed: [] })).toEqual([]);
    expect(resolveChainDeposit({ ...base, addresses: [] })).toEqual([]);
    expect(resolveChainDeposit(base)).toEqual([
      {
        key: 'deposit.chain.waiting',
        values: { coin: { type: 'text', value: 'BTC' }, address: { type: 'text', value: 'bc1qexample' } },
        link: '/deposit',
      },
    ]);
  });

  it('follows each payment: seen, n of m, confirmed, then what it became', () => {
    const facts = resolveChainDeposit({
      ...base,
      payments: [
        { ...payment, state: 'seen', confirmations: 0 },
        { ...payment, state: 'in_block', confirmations: 1 },
        { ...payment, state: 'confirmed', confirmations: 2 },
      ],
    });
    expect(facts.map((f) => f.key)).toEqual([
      'deposit.chain.seen',
      'deposit.chain.confirming',
      'deposit.chain.confirmed',
    ]);
    expect(facts[1]!.values).toMatchObject({ count: { value: 1 }, required: { value: 2 } });

    const outcomes = resolveChainDeposit({
      ...base,
      payments: (['credited', 'under_review', 'rejected', 'closing'] as const).map((kind) => ({
        ...payment,
        state: 'confirmed' as const,
        confirmations: 2,
        outcome: { kind, amount: '81.25', rate: '65000.00', refunded: kind === 'closing' },
      })),
    });
    // The three newest only.
    expect(outcomes.map((f) => f.key)).toEqual([
      'deposit.chain.credited',
      'deposit.chain.under_review',
      'deposit.chain.refund.rejected',
    ]);
    expect(outcomes[0]!.values).toMatchObject({
      amount: { type: 'money', amount: '81.25' },
      rate: { type: 'money', amount: '65000.00' },
    });
  });

  it('states a rate of up to six decimals to the cent, half up (the answer’s money is two decimals)', () => {
    expect(rateToCents('65000.00')).toBe(6_500_000);
    expect(rateToCents('65123.4567')).toBe(6_512_346);
    expect(rateToCents('65123.454999')).toBe(6_512_345);
    expect(rateToCents('0.005')).toBe(1);
    const [fact] = resolveChainDeposit({
      ...base,
      payments: [
        {
          ...payment,
          state: 'confirmed',
          confirmations: 2,
          outcome: { kind: 'credited', amount: '81.25', rate: '65000.123456', refunded: false },
        },
      ],
    });
    expect(fact!.values.rate).toEqual({ type: 'money', amount: '65000.12' });
  });
});
