import type { Cents } from './money';

/** Kinds of ledger account. User kinds never go below zero; platform kinds carry the other side. */
export type UserAccountKind = 'available' | 'invested' | 'withdrawal_hold';
export type PlatformAccountKind = 'platform_deposits' | 'platform_withdrawals' | 'platform_pnl';

export type AccountRef = { owner: 'platform'; kind: PlatformAccountKind } | { owner: string; kind: UserAccountKind };

export type TxType =
  'deposit' | 'withdrawal_hold' | 'withdrawal_settle' | 'withdrawal_release' | 'invest' | 'stop' | 'transfer';

export interface Posting {
  account: AccountRef;
  /** Signed: positive credits the account, negative debits it. */
  amount: Cents;
}

export const PLATFORM = 'platform';

export function accountId(ref: AccountRef): string {
  return ref.owner === PLATFORM ? `platform:${ref.kind}` : `u:${ref.owner}:${ref.kind}`;
}

const user = (owner: string, kind: UserAccountKind): AccountRef => ({ owner, kind });
const platform = (kind: PlatformAccountKind): AccountRef => ({ owner: PLATFORM, kind });

/**
 * The lowest balance a posting may leave on its account: a person's balances never go below zero;
 * the platform's accounts carry the other side of every movement and have no floor.
 */
export function balanceFloor(ref: AccountRef): Cents | null {
  return ref.owner === PLATFORM ? null : 0;
}

/** A transaction is valid when its postings sum to zero and every amount is a non-zero integer. */
export function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new Error('a ledger transaction needs at least two postings');
  let sum = 0;
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`invalid posting amount ${p.amount}`);
    sum += p.amount;
  }
  if (sum !== 0) throw new Error(`unbalanced ledger transaction (sum ${sum})`);
}

function positive(amount: Cents): Cents {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`amount must be a positive integer of cents: ${amount}`);
  return amount;
}

/** Money enters only here: an approved deposit. */
export function depositPostings(userId: string, amount: Cents): Posting[] {
  positive(amount);
  return [
    { account: platform('platform_deposits'), amount: -amount },
    { account: user(userId, 'available'), amount },
  ];
}

export function investPostings(userId: string, amount: Cents): Posting[] {
  positive(amount);
  return [
    { account: user(userId, 'available'), amount: -amount },
    { account: user(userId, 'invested'), amount },
  ];
}

/**
 * Stopping returns the principal from the invested pool and pays the current value to the
 * available balance; the difference (gain or loss) is the platform's P&L.
 */
export function stopPostings(userId: string, principal: Cents, value: Cents): Posting[] {
  positive(principal);
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`invalid value ${value}`);
  const postings: Posting[] = [{ account: user(userId, 'invested'), amount: -principal }];
  if (value > 0) postings.push({ account: user(userId, 'available'), amount: value });
  const pnl = principal - value;
  if (pnl !== 0) postings.push({ account: platform('platform_pnl'), amount: pnl });
  return postings;
}

export function transferPostings(senderId: string, recipientId: string, amount: Cents): Posting[] {
  positive(amount);
  if (senderId === recipientId) throw new Error('a transfer needs two different users');
  return [
    { account: user(senderId, 'available'), amount: -amount },
    { account: user(recipientId, 'available'), amount },
  ];
}

/** A withdrawal request holds the amount so it cannot be spent twice while pending. */
export function withdrawalHoldPostings(userId: string, amount: Cents): Posting[] {
  positive(amount);
  return [
    { account: user(userId, 'available'), amount: -amount },
    { account: user(userId, 'withdrawal_hold'), amount },
  ];
}

export function withdrawalSettlePostings(userId: string, amount: Cents): Posting[] {
  positive(amount);
  return [
    { account: user(userId, 'withdrawal_hold'), amount: -amount },
    { account: platform('platform_withdrawals'), amount },
  ];
}

export function withdrawalReleasePostings(userId: string, amount: Cents): Posting[] {
  positive(amount);
  return [
    { account: user(userId, 'withdrawal_hold'), amount: -amount },
    { account: user(userId, 'available'), amount },
  ];
}
