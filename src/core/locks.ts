import { DAY_MS, fullDaysBetween } from './clock';

/** Spec §9: an investment can be stopped after 5 full days; withdrawals wait 30 days after the first investment. */
export const INVESTMENT_LOCK_DAYS = 5;
export const WITHDRAWAL_LOCK_DAYS = 30;

export function investmentLockDaysLeft(createdAt: Date, now: Date): number {
  return Math.max(0, INVESTMENT_LOCK_DAYS - fullDaysBetween(createdAt, now));
}

/**
 * Withdrawals wait this long after a security change: a password changed or reset, or the second
 * factor turned off (a stolen session cannot cash out at once).
 */
export const SECURITY_CHANGE_HOLD_HOURS = 24;

/** Whole hours (rounded up) until withdrawals reopen after a security change at `changedAt`; 0 when none is recent. */
export function securityHoldHoursLeft(changedAt: Date | null, now: Date): number {
  if (!changedAt) return 0;
  const left = changedAt.getTime() + SECURITY_CHANGE_HOLD_HOURS * 3_600_000 - now.getTime();
  return left > 0 ? Math.ceil(left / 3_600_000) : 0;
}

/**
 * The same rule as a boundary a database can compare in the withdrawal's own transaction: held
 * exactly when the change happened after this instant.
 */
export function securityHoldBoundary(now: Date): Date {
  return new Date(now.getTime() - SECURITY_CHANGE_HOLD_HOURS * 3_600_000);
}

/** No lock without a first investment date. */
export function withdrawalLockDaysLeft(firstInvestmentAt: Date | null, now: Date): number {
  if (!firstInvestmentAt) return 0;
  return Math.max(0, WITHDRAWAL_LOCK_DAYS - fullDaysBetween(firstInvestmentAt, now));
}

/**
 * The same rule as a boundary a database can compare under its lock: withdrawals are locked
 * exactly when the first investment was made after this instant.
 */
export function withdrawalLockBoundary(now: Date): Date {
  return new Date(now.getTime() - WITHDRAWAL_LOCK_DAYS * DAY_MS);
}

/** "Jean Dupont" → "Jean D.": enough for a sender to recognise the payee, not enough to harvest names. */
export function maskName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  const [first, ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first!;
}
