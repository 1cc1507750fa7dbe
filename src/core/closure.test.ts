import { describe, expect, it } from 'vitest';
import { DAY_MS } from './clock';
import { closureStateOf, closureWaits, investmentUnlocksAt, mayCancel, mayMove, type ClosureFacts } from './closure';

const now = new Date('2026-11-26T12:00:00.000Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
const empty: ClosureFacts = {
  balances: { available: 0, invested: 0, withdrawal_hold: 0 },
  investments: [],
  firstInvestmentAt: null,
  pendingDeposits: [],
  pendingWithdrawals: [],
  pendingIdentity: [],
};

describe('closure state rules', () => {
  it('closes only with nothing on the account and nothing pending', () => {
    expect(closureStateOf(empty, now)).toBe('closed');
    expect(closureWaits(empty, now)).toEqual([]);
  });

  it('never closes with money: a cent available, invested or held keeps it open', () => {
    for (const balances of [
      { available: 1, invested: 0, withdrawal_hold: 0 },
      { available: 0, invested: 1, withdrawal_hold: 0 },
      { available: 0, invested: 0, withdrawal_hold: 1 },
    ])
      expect(closureStateOf({ ...empty, balances }, now)).not.toBe('closed');
  });

  it('an investment still locked waits for the exact end of its lock; unlocked, it must be stopped', () => {
    const inv = { id: 'i1', area: 'stocks', amountCents: 40_00, createdAt: ago(2) };
    const facts = { ...empty, balances: { available: 0, invested: 40_00, withdrawal_hold: 0 }, investments: [inv] };
    expect(closureStateOf(facts, now)).toBe('waiting_locks');
    expect(closureWaits(facts, now)).toEqual([
      {
        kind: 'investment_locked',
        id: 'i1',
        area: 'stocks',
        amountCents: 40_00,
        until: investmentUnlocksAt(inv.createdAt),
      },
    ]);
    expect(investmentUnlocksAt(inv.createdAt).toISOString()).toBe('2026-11-29T12:00:00.000Z');
    const later = new Date(investmentUnlocksAt(inv.createdAt).getTime());
    expect(closureStateOf(facts, later)).toBe('waiting_payout');
    expect(closureWaits(facts, later)).toEqual([
      { kind: 'investment_active', id: 'i1', area: 'stocks', amountCents: 40_00 },
    ]);
  });

  it('pending deposits, withdrawals and identity reviews wait; the balance shows when withdrawals reopen', () => {
    const facts: ClosureFacts = {
      ...empty,
      balances: { available: 5, invested: 0, withdrawal_hold: 10_00 },
      firstInvestmentAt: ago(10),
      pendingDeposits: [{ id: 'd', amountCents: 1_00, createdAt: ago(1) }],
      pendingWithdrawals: [{ id: 'w', amountCents: 10_00, createdAt: ago(1) }],
      pendingIdentity: [{ id: 'r', createdAt: ago(1) }],
    };
    expect(closureStateOf(facts, now)).toBe('waiting_locks');
    expect(closureWaits(facts, now).map((w) => w.kind)).toEqual([
      'deposit_pending',
      'withdrawal_pending',
      'identity_pending',
      'balance',
    ]);
    expect(closureWaits(facts, now).at(-1)).toEqual({
      kind: 'balance',
      amountCents: 5,
      withdrawalLockedUntil: new Date(ago(10).getTime() + 30 * DAY_MS),
    });
  });

  it('moves any way but back to requested, never out of closed; cancels until closed', () => {
    expect(mayMove('waiting_payout', 'waiting_locks')).toBe(true);
    expect(mayMove('waiting_locks', 'closed')).toBe(true);
    expect(mayMove('closed', 'waiting_payout')).toBe(false);
    expect(mayMove('waiting_locks', 'requested')).toBe(false);
    expect(mayCancel('waiting_payout')).toBe(true);
    expect(mayCancel('closed')).toBe(false);
  });
});
