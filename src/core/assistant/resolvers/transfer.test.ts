import { describe, expect, it } from 'vitest';
import { resolveTransfers } from './transfer';

describe('resolveTransfers', () => {
  it('states each recent transfer as arrived at the instant it was recorded', () => {
    expect(
      resolveTransfers({
        recent: [
          { direction: 'sent', amountCents: 5_000, counterpartUid: 'ATU123456', at: '2026-11-25T10:00:00.000Z' },
          { direction: 'received', amountCents: 1_250, counterpartUid: 'ATU654321', at: '2026-11-24T10:00:00.000Z' },
        ],
      }),
    ).toEqual([
      {
        key: 'transfer.sent',
        values: {
          amount: { type: 'money', amount: '50.00' },
          uid: { type: 'text', value: 'ATU123456' },
          at: { type: 'datetime', at: '2026-11-25T10:00:00.000Z' },
        },
        link: '/cashier',
      },
      {
        key: 'transfer.received',
        values: {
          amount: { type: 'money', amount: '12.50' },
          uid: { type: 'text', value: 'ATU654321' },
          at: { type: 'datetime', at: '2026-11-24T10:00:00.000Z' },
        },
        link: '/cashier',
      },
    ]);
  });

  it('says there is none', () => {
    expect(resolveTransfers({ recent: [] })).toEqual([
      { key: 'transfer.none', values: {}, link: '/internal-transfer' },
    ]);
  });
});
