import { z } from 'zod';
import { decimalAmount } from './money';

export const levelName = z.enum(['beginner', 'intermediate', 'pro', 'advanced', 'master']);

/** GET /api/me: who is signed in, with balances and the locks that apply now. */
export const meSchema = z.object({
  id: z.string(),
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  country: z.string(),
  /** The country's name in each language of the app (the browser would pay ICU's locale data to name it). */
  countryNames: z.object({ fr: z.string(), en: z.string(), es: z.string() }),
  locale: z.enum(['fr', 'en', 'es']),
  isAdmin: z.boolean(),
  memberSince: z.string(),
  balance: decimalAmount,
  invested: decimalAmount,
  withdrawalHold: decimalAmount,
  totalInvested: decimalAmount,
  level: levelName,
  firstInvestmentDate: z.string().nullable(),
  withdrawalLockDaysLeft: z.number().int().min(0),
  twoFactorEnabled: z.boolean(),
  /** Withdrawals and transfers out need a confirmed address. */
  emailVerified: z.boolean(),
  /** Hours left of the 24-hour withdrawal hold after a password change or reset (0: none). */
  withdrawalPasswordHoldHoursLeft: z.number().int().min(0),
  /** Hours left of the same hold after the second factor was turned off. */
  withdrawalSecondFactorHoldHoursLeft: z.number().int().min(0),
  /** Set while an operator has frozen the account: what to show, and where to write. */
  frozen: z.object({ since: z.string(), supportEmail: z.string() }).nullable(),
  /** Set once the person asked to close the account (decision 039); `closed`: a former investor, read-only. */
  closure: z
    .object({ state: z.enum(['requested', 'waiting_locks', 'waiting_payout', 'closed']), requestedAt: z.string() })
    .nullable(),
});

export type Me = z.infer<typeof meSchema>;
