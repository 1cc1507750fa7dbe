import { securityHoldBoundary, securityHoldHoursLeft } from '../../../core/locks';
import type { Step } from '../ledger/plan';

/** Money leaves only from a verified address (decision 017): checked in the movement's own transaction. */
export const emailVerified = (userId: string): Step => ({
  do: 'require',
  table: 'user',
  where: { id: userId, emailVerified: true },
  refuse: { code: 'email_not_verified' },
});

/** Only an investor (a person with a profile) invests. */
export const isInvestor = (userId: string): Step => ({
  do: 'require',
  table: 'user_profile',
  where: { user_id: userId },
  refuse: { code: 'profile_not_found' },
});

/**
 * The first investment's date, kept on the profile (set once): the withdrawal lock reads this one
 * row, which a withdrawal and a first investment in flight both meet (migration 024).
 */
export const firstInvestment = (userId: string, at: Date): Step => ({
  do: 'update',
  table: 'user_profile',
  set: { first_investment_date: at.toISOString() },
  where: { user_id: userId, first_investment_date: { is: null } },
});

/** No money leaves for 24 hours after a password change (a stolen session cannot cash out at once). */
export const noRecentPasswordChange = (userId: string, now: Date): Step => ({
  do: 'forbid',
  table: 'account_security',
  where: { user_id: userId, password_changed_at: { gt: securityHoldBoundary(now).toISOString() } },
  refuse: {
    code: 'withdrawal_password_hold',
    detail: 'password_changed_at',
    params: (changed) => ({ hours: securityHoldHoursLeft(changed === null ? null : new Date(changed), now) }),
  },
});

/** Nor for 24 hours after the second factor was turned off. */
export const noRecentSecondFactorRemoval = (userId: string, now: Date): Step => ({
  do: 'forbid',
  table: 'account_security',
  where: { user_id: userId, second_factor_removed_at: { gt: securityHoldBoundary(now).toISOString() } },
  refuse: {
    code: 'withdrawal_second_factor_hold',
    detail: 'second_factor_removed_at',
    params: (removed) => ({ hours: securityHoldHoursLeft(removed === null ? null : new Date(removed), now) }),
  },
});
