import { DAY_MS } from '../../clock';
import { SECURITY_CHANGE_HOLD_HOURS, WITHDRAWAL_LOCK_DAYS, withdrawalLockDaysLeft } from '../../locks';
import type { Cents } from '../../money';
import { count, datetime, money, type Fact } from '../facts';
import { withdrawalLimitFacts, type LimitsState } from './limits';

export interface WithdrawalState {
  frozen: boolean;
  supportEmail: string;
  emailVerified: boolean;
  firstInvestmentAt: string | null;
  passwordChangedAt: string | null;
  secondFactorRemovedAt: string | null;
  availableCents: Cents;
  investedCents: Cents;
  heldCents: Cents;
  /** Pending withdrawal requests, oldest first. */
  pending: { amountCents: Cents; createdAt: string; firstApprovedAt: string | null }[];
  /** The tier's limits and what the 30 days used; null with limits off. */
  limits: LimitsState;
}

/**
 * Why a withdrawal is (or is not) possible now: every cause the withdrawal service would refuse
 * for, each with its own date, then where the money stands. The same rules as the service
 * (core/locks, core/tiers), read from the same data, so the answer never disagrees with the form.
 */
export function resolveWithdrawal(s: WithdrawalState, now: Date): Fact[] {
  const facts: Fact[] = [];
  if (s.frozen) facts.push({ key: 'withdraw.frozen', values: { email: { type: 'text', value: s.supportEmail } } });
  if (!s.emailVerified) facts.push({ key: 'withdraw.emailNotVerified', values: {}, link: '/profile' });
  const first = s.firstInvestmentAt ? new Date(s.firstInvestmentAt) : null;
  const lockDays = withdrawalLockDaysLeft(first, now);
  if (first && lockDays > 0) {
    facts.push({
      key: 'withdraw.locked',
      values: {
        until: datetime(new Date(first.getTime() + WITHDRAWAL_LOCK_DAYS * DAY_MS)),
        first: datetime(first),
        days: count(lockDays),
      },
      link: '/withdraw',
    });
  }
  const holds = [
    ['withdraw.passwordHold', s.passwordChangedAt],
    ['withdraw.secondFactorHold', s.secondFactorRemovedAt],
  ] as const;
  for (const [key, changedAt] of holds) {
    if (!changedAt) continue;
    const until = new Date(new Date(changedAt).getTime() + SECURITY_CHANGE_HOLD_HOURS * 3_600_000);
    if (until > now) facts.push({ key, values: { until: datetime(until) } });
  }
  const limit = withdrawalLimitFacts(s.limits);
  facts.push(...limit.facts);
  for (const p of s.pending) {
    facts.push(
      p.firstApprovedAt
        ? {
            key: 'withdraw.secondApproval',
            values: {
              amount: money(p.amountCents),
              since: datetime(p.createdAt),
              approvedAt: datetime(p.firstApprovedAt),
            },
            link: '/cashier',
          }
        : {
            key: 'withdraw.pending',
            values: { amount: money(p.amountCents), since: datetime(p.createdAt) },
            link: '/cashier',
          },
    );
  }
  const blocked =
    s.frozen ||
    !s.emailVerified ||
    lockDays > 0 ||
    limit.blocks ||
    facts.some((f) => f.key === 'withdraw.passwordHold' || f.key === 'withdraw.secondFactorHold');
  if (s.availableCents === 0 && s.investedCents > 0) {
    facts.push({
      key: 'withdraw.allInvested',
      values: { invested: money(s.investedCents) },
      link: '/portfolio',
    });
  } else {
    facts.push({
      key: blocked ? 'withdraw.balances' : 'withdraw.open',
      values: { available: money(s.availableCents), invested: money(s.investedCents), held: money(s.heldCents) },
      link: '/withdraw',
    });
  }
  return facts;
}
