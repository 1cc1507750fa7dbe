import { DAY_MS, fullDaysBetween } from './clock';

/** Spec §9: an investment can be stopped after 5 full days; withdrawals wait 30 days after the first investment. */
export const INVESTMENT_LOCK_DAYS = 5;
export const WITHDRAWAL_LOCK_DAYS = 30;

export function investmentLockDaysLeft(createdAt: Date, now: Date): number {
  return Math.max(0, INVESTMENT_LOCK_DAYS - fullDaysBetween(createdAt, now));
}

/** Withdrawals wait this long after a password change or reset (a stolen session cannot cash out at once). */
export const PASSWORD_CHANGE_HOLD_HOURS = 24;

/** Whole hours (rounded up) until withdrawals reopen after a password change; 0 when none is recent. */
export function passwordHoldHoursLeft(passwordChangedAt: Date | null, now: Date): number {
  if (!passwordChangedAt) return 0;
  const left = passwordChangedAt.getTime() + PASSWORD_CHANGE_HOLD_HOURS * 3_600_000 - now.getTime();
  return left > 0 ? Math.ceil(left / 3_600_000) : 0;
}

/**
 * The same rule as a boundary a database can compare in the withdrawal's own transaction: held
 * exactly when the password changed after this instant.
 */
export function passwordHoldBoundary(now: Date): Date {
  return new Date(now.getTime() - PASSWORD_CHANGE_HOLD_HOURS * 3_600_000);
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
