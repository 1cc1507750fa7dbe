import type { Cents } from '../../money';
import { investorReason, isRejectionReason } from '../../rejection-reasons';
import { count, datetime, money, waited, type Fact } from '../facts';

/** Operators review a deposit within 24 to 48 hours (spec §2). */
export const DEPOSIT_REVIEW_HOURS = { from: 24, to: 48 } as const;
/** A decided deposit is still worth mentioning this long after its decision. */
const RECENT_DECISION_DAYS = 30;

export interface DepositState {
  /** The investor's deposits, newest first; `ahead` counts pending deposits of anyone sent before a pending one. */
  deposits: {
    amountCents: Cents;
    status: 'pending' | 'approved' | 'rejected';
    createdAt: string;
    processedAt: string | null;
    /** A rejection written before the catalogue (decision 033) kept its free text here. */
    adminNotes: string | null;
    /** The catalogue's code of a rejection: what the person's history shows. */
    reasonCode?: string | null;
    firstApprovedAt: string | null;
    ahead: number;
  }[];
}

/** Where each of the investor's deposits stands: waiting (with its place and time), decided, or none. */
export function resolveDeposit(s: DepositState, now: Date): Fact[] {
  const facts: Fact[] = [];
  for (const d of s.deposits.filter((x) => x.status === 'pending')) {
    const since = new Date(d.createdAt);
    const values = {
      amount: money(d.amountCents),
      since: datetime(since),
      waited: waited(since, now),
      position: count(d.ahead + 1),
      latest: datetime(new Date(since.getTime() + DEPOSIT_REVIEW_HOURS.to * 3_600_000)),
    };
    if (d.firstApprovedAt) facts.push({ key: 'deposit.secondApproval', values, link: '/cashier' });
    else
      facts.push({
        key:
          now.getTime() - since.getTime() >= DEPOSIT_REVIEW_HOURS.to * 3_600_000
            ? 'deposit.overdue'
            : 'deposit.pending',
        values,
        link: '/cashier',
      });
  }
  const decided = s.deposits.find(
    (d) =>
      d.status !== 'pending' &&
      d.processedAt &&
      now.getTime() - new Date(d.processedAt).getTime() <= RECENT_DECISION_DAYS * 86_400_000,
  );
  if (decided?.processedAt) {
    const values = {
      amount: money(decided.amountCents),
      at: datetime(decided.processedAt),
      since: datetime(decided.createdAt),
    };
    if (decided.status === 'approved') facts.push({ key: 'deposit.approved', values, link: '/cashier' });
    else if (isRejectionReason(decided.reasonCode))
      // The history's own words and fix; its "Corriger" button is there.
      facts.push({
        key: 'deposit.rejectedReason',
        values: { ...values, reason: { type: 'reason', value: investorReason(decided.reasonCode) } },
        link: '/cashier',
      });
    else if (decided.adminNotes?.trim())
      facts.push({
        key: 'deposit.rejectedWithNote',
        values: { ...values, note: { type: 'text', value: decided.adminNotes.trim() } },
        link: '/deposit',
      });
    else facts.push({ key: 'deposit.rejected', values, link: '/deposit' });
  }
  if (facts.length === 0) facts.push({ key: 'deposit.none', values: {}, link: '/deposit' });
  return facts;
}
