import { describe, expect, it } from 'vitest';
import { resolveDeposit, type DepositState } from './deposit';

const now = new Date('2026-11-25T12:00:00.000Z');
type Row = DepositState['deposits'][number];
const deposit = (over: Partial<Row>): Row => ({
  amountCents: 50_000,
  status: 'pending',
  createdAt: '2026-11-25T02:00:00.000Z',
  processedAt: null,
  adminNotes: null,
  firstApprovedAt: null,
  ahead: 0,
  ...over,
});

describe('resolveDeposit', () => {
  it('gives a waiting deposit its place in the queue, its wait and the latest promised time', () => {
    expect(resolveDeposit({ deposits: [deposit({ ahead: 2 })] }, now)).toEqual([
      {
        key: 'deposit.pending',
        values: {
          amount: { type: 'money', amount: '500.00' },
          since: { type: 'datetime', at: '2026-11-25T02:00:00.000Z' },
          waited: { type: 'duration', unit: 'hours', count: 10 },
          position: { type: 'count', value: 3 },
          latest: { type: 'datetime', at: '2026-11-27T02:00:00.000Z' },
        },
        link: '/cashier',
      },
    ]);
  });

  it('says so when a deposit waits longer than the published 48 hours', () => {
    const [fact] = resolveDeposit({ deposits: [deposit({ createdAt: '2026-11-23T11:00:00.000Z' })] }, now);
    expect(fact).toMatchObject({ key: 'deposit.overdue', values: { waited: { unit: 'days', count: 2 } } });
    const [onTime] = resolveDeposit({ deposits: [deposit({ createdAt: '2026-11-23T12:00:00.001Z' })] }, now);
    expect(onTime?.key).toBe('deposit.pending');
  });

  it('says a wait as people do: a few minutes, then hours, then 30 days, never "0 h" or "720 h"', () => {
    const waitedFor = (createdAt: string) =>
      resolveDeposit({ deposits: [deposit({ createdAt })] }, now)[0]?.values.waited;
    expect(waitedFor('2026-11-25T11:58:00.000Z')).toEqual({ type: 'duration', unit: 'moments' });
    expect(waitedFor('2026-11-25T09:00:00.000Z')).toEqual({ type: 'duration', unit: 'hours', count: 3 });
    expect(waitedFor('2026-10-26T12:00:00.000Z')).toEqual({ type: 'duration', unit: 'days', count: 30 });
  });

  it('tells a deposit waiting for its second approval apart', () => {
    const [fact] = resolveDeposit({ deposits: [deposit({ firstApprovedAt: '2026-11-25T11:00:00.000Z' })] }, now);
    expect(fact?.key).toBe('deposit.secondApproval');
  });

  it('gives the rejection with the operator’s note, or without one', () => {
    const rejected = deposit({
      status: 'rejected',
      processedAt: '2026-11-24T15:00:00.000Z',
      adminNotes: '  Montant illisible ',
    });
    expect(resolveDeposit({ deposits: [rejected] }, now)).toEqual([
      {
        key: 'deposit.rejectedWithNote',
        values: {
          amount: { type: 'money', amount: '500.00' },
          at: { type: 'datetime', at: '2026-11-24T15:00:00.000Z' },
          since: { type: 'datetime', at: '2026-11-25T02:00:00.000Z' },
          note: { type: 'text', value: 'Montant illisible' },
        },
        link: '/deposit',
      },
    ]);
    expect(resolveDeposit({ deposits: [{ ...rejected, adminNotes: null }] }, now)[0]?.key).toBe('deposit.rejected');
  });

  it('gives a catalogue rejection by its reason, the one the history shows, not the old free-text path', () => {
    const rejected = deposit({
      status: 'rejected',
      processedAt: '2026-11-24T15:00:00.000Z',
      reasonCode: 'amount_mismatch',
    });
    expect(resolveDeposit({ deposits: [rejected] }, now)).toEqual([
      {
        key: 'deposit.rejectedReason',
        values: {
          amount: { type: 'money', amount: '500.00' },
          at: { type: 'datetime', at: '2026-11-24T15:00:00.000Z' },
          since: { type: 'datetime', at: '2026-11-25T02:00:00.000Z' },
          reason: { type: 'reason', value: 'amount_mismatch' },
        },
        link: '/cashier',
      },
    ]);
    // A final compliance reason stays the neutral "declined", as in the history.
    const final = resolveDeposit({ deposits: [{ ...rejected, reasonCode: 'compliance_screening' }] }, now);
    expect(final[0]?.values.reason).toEqual({ type: 'reason', value: 'request_declined' });
  });

  it('mentions the newest decision of the last 30 days only', () => {
    const approved = deposit({ status: 'approved', processedAt: '2026-11-20T10:00:00.000Z' });
    const old = deposit({ status: 'rejected', processedAt: '2026-10-01T10:00:00.000Z' });
    expect(resolveDeposit({ deposits: [approved, old] }, now).map((f) => f.key)).toEqual(['deposit.approved']);
    expect(resolveDeposit({ deposits: [old] }, now).map((f) => f.key)).toEqual(['deposit.none']);
  });

  it('lists waiting deposits before the last decision', () => {
    const facts = resolveDeposit(
      { deposits: [deposit({}), deposit({ status: 'approved', processedAt: '2026-11-24T10:00:00.000Z' })] },
      now,
    );
    expect(facts.map((f) => f.key)).toEqual(['deposit.pending', 'deposit.approved']);
  });

  it('says there is none', () => {
    expect(resolveDeposit({ deposits: [] }, now)).toEqual([{ key: 'deposit.none', values: {}, link: '/deposit' }]);
  });
});
