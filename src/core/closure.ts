import { DAY_MS } from './clock';
import { INVESTMENT_LOCK_DAYS, WITHDRAWAL_LOCK_DAYS } from './locks';
import type { Cents } from './money';

/**
 * Account closure as a state machine (issue 28, item 3; decision 039):
 * requested → waiting_locks → waiting_payout → closed. `requested` is the instant of the request;
 * every later state follows from the facts below, so a transition is a pure function of them and
 * the job, or the event that changed a fact, only asks again. It never closes with money on the
 * account: `closed` needs every balance at zero, no active investment and nothing pending.
 */
export type ClosureState = 'requested' | 'waiting_locks' | 'waiting_payout' | 'closed';

export interface ClosureFacts {
  balances: { available: Cents; invested: Cents; withdrawal_hold: Cents };
  /** Active investments with their start. */
  investments: ReadonlyArray<{ id: string; area: string; amountCents: Cents; createdAt: Date }>;
  firstInvestmentAt: Date | null;
  pendingDeposits: ReadonlyArray<{ id: string; amountCents: Cents; createdAt: Date }>;
  pendingWithdrawals: ReadonlyArray<{ id: string; amountCents: Cents; createdAt: Date }>;
  pendingIdentity: ReadonlyArray<{ id: string; createdAt: Date }>;
}

/** One thing the closure waits for, with the exact date it ends when there is one. */
export type ClosureWait =
  | { kind: 'investment_locked'; id: string; area: string; amountCents: Cents; until: Date }
  | { kind: 'investment_active'; id: string; area: string; amountCents: Cents }
  | { kind: 'deposit_pending'; id: string; amountCents: Cents; since: Date }
  | { kind: 'withdrawal_pending'; id: string; amountCents: Cents; since: Date }
  | { kind: 'identity_pending'; id: string; since: Date }
  | { kind: 'balance'; amountCents: Cents; withdrawalLockedUntil: Date | null };

/** When an investment can be stopped (its lock ends). */
export function investmentUnlocksAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + INVESTMENT_LOCK_DAYS * DAY_MS);
}

/** When withdrawals reopen after the first investment (null without one). */
export function withdrawalUnlocksAt(firstInvestmentAt: Date | null): Date | null {
  return firstInvestmentAt ? new Date(firstInvestmentAt.getTime() + WITHDRAWAL_LOCK_DAYS * DAY_MS) : null;
}

/**
 * What the closure waits for now, locks and reviews first (they end on their own), then what the
 * investor must do (stop the investments, pay the balance out).
 */
export function closureWaits(facts: ClosureFacts, now: Date): ClosureWait[] {
  const waits: ClosureWait[] = [];
  for (const i of facts.investments) {
    const until = investmentUnlocksAt(i.createdAt);
    if (until > now)
      waits.push({ kind: 'investment_locked', id: i.id, area: i.area, amountCents: i.amountCents, until });
  }
  for (const d of facts.pendingDeposits)
    waits.push({ kind: 'deposit_pending', id: d.id, amountCents: d.amountCents, since: d.createdAt });
  for (const w of facts.pendingWithdrawals)
    waits.push({ kind: 'withdrawal_pending', id: w.id, amountCents: w.amountCents, since: w.createdAt });
  for (const r of facts.pendingIdentity) waits.push({ kind: 'identity_pending', id: r.id, since: r.createdAt });
  for (const i of facts.investments)
    if (investmentUnlocksAt(i.createdAt) <= now)
      waits.push({ kind: 'investment_active', id: i.id, area: i.area, amountCents: i.amountCents });
  if (facts.balances.available > 0) {
    const until = withdrawalUnlocksAt(facts.firstInvestmentAt);
    waits.push({
      kind: 'balance',
      amountCents: facts.balances.available,
      withdrawalLockedUntil: until && until > now ? until : null,
    });
  }
  return waits;
}

const lockKinds = new Set<ClosureWait['kind']>([
  'investment_locked',
  'deposit_pending',
  'withdrawal_pending',
  'identity_pending',
]);

/** The state the facts put a closure in (for a closure already requested and not closed). */
export function closureStateOf(facts: ClosureFacts, now: Date): Exclude<ClosureState, 'requested'> {
  const waits = closureWaits(facts, now);
  if (waits.some((w) => lockKinds.has(w.kind))) return 'waiting_locks';
  const { available, invested, withdrawal_hold } = facts.balances;
  if (waits.length > 0 || available !== 0 || invested !== 0 || withdrawal_hold !== 0) return 'waiting_payout';
  return 'closed';
}

/** Whether a closure may move from one state to another: any way but back to `requested`, never out of `closed`. */
export const mayMove = (from: ClosureState, to: ClosureState): boolean => from !== 'closed' && to !== 'requested';

/** A closure can be cancelled until it is closed. */
export const mayCancel = (state: ClosureState): boolean => state !== 'closed';
