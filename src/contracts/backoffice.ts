import { z } from 'zod';
import { historyResponse } from './cashier';
import { decimalAmount } from './money';
import { text } from './text';

export { proofMatchSchema, type ProofMatch } from './proof-match';


const countSum = z.object({ count: z.number().int(), sum: decimalAmount });

export const overviewResponse = z.object({
  pending: z.object({ deposits: countSum, withdrawals: countSum }),
  /** Of the pending requests, those that have a first approval and wait for another operator's (dual control). */
  awaitingSecond: z.object({ deposits: countSum, withdrawals: countSum }),
  today: z.object({ day: z.string(), deposits: countSum, withdrawals: countSum }),
  liabilities: z.object({
    available: decimalAmount,
    invested: decimalAmount,
    held: decimalAmount,
    total: decimalAmount,
    /** What the platform accounts say the users are owed: deposits − withdrawals ± P&L. */
    expected: decimalAmount,
    ledger: z.object({ deposits: decimalAmount, withdrawals: decimalAmount, pnl: decimalAmount }),
    difference: decimalAmount,
    reconciled: z.boolean(),
    /** When these sums were read (they are kept up to LIABILITIES_TTL_S seconds). */
    asOf: z.string(),
  }),
  verification: z.object({
    last: z.object({ ranAt: z.string(), ok: z.boolean(), problems: z.number().int(), detail: z.string() }).nullable(),
    requestedAt: z.string().nullable(),
  }),
  outbox: z.object({ pending: z.number().int(), sending: z.number().int(), failed: z.number().int() }),
  price: z.object({ fetchedAt: z.string().nullable(), ageSeconds: z.number().int().nullable() }),
  leases: z.array(z.object({ name: z.string(), holder: z.string(), expiresAt: z.string() })),
});
export type Overview = z.infer<typeof overviewResponse>;

export const verificationRequestResponse = z.object({ requestedAt: z.string() });
export const outboxRetryResponse = z.object({ retried: z.number().int() });

export const userSearchQuery = z.object({
  q: text(200).trim().min(1),
  cursor: text(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const userRowSchema = z.object({ id: z.string(), uid: z.string(), fullName: z.string(), email: z.string(), username: z.string(), createdAt: z.string() });
export type UserRow = z.infer<typeof userRowSchema>;
export const userSearchResponse = z.object({ items: z.array(userRowSchema), nextCursor: z.string().nullable() });

export const adminInvestmentSchema = z.object({
  id: z.string(),
  area: z.string(),
  amount: decimalAmount,
  currentValue: decimalAmount,
  isActive: z.boolean(),
  createdAt: z.string(),
  stoppedAt: z.string().nullable(),
});

export const userDetailResponse = z.object({
  profile: userRowSchema.extend({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    country: z.string(),
    birthDate: z.string(),
    locale: z.string(),
    role: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
  }),
  level: z.string(),
  balances: z.object({ available: decimalAmount, invested: decimalAmount, held: decimalAmount, totalInvested: decimalAmount }),
  investments: z.array(adminInvestmentSchema),
  history: historyResponse,
  sessions: z.array(z.object({ id: z.string(), createdAt: z.string(), expiresAt: z.string(), ipAddress: z.string().nullable(), userAgent: z.string().nullable() })),
});
export type UserDetail = z.infer<typeof userDetailResponse>;

export const revokedResponse = z.object({ revoked: z.number().int() });
