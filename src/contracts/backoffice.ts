import { limitsView } from './limits';
import { z } from 'zod';
import { historyResponse } from './cashier';
import { decimalAmount } from './money';
import { calendarDay, text } from './text';

export type { ProofMatch } from './proof-match';

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
    /** The ledger's invariants. */
    last: z.object({ ranAt: z.string(), ok: z.boolean(), problems: z.number().int(), detail: z.string() }).nullable(),
    /** The hash chain's seals, recomputed from the rows. */
    seals: z.object({ ranAt: z.string(), ok: z.boolean(), problems: z.number().int(), detail: z.string() }).nullable(),
    requestedAt: z.string().nullable(),
  }),
  outbox: z.object({ pending: z.number().int(), sending: z.number().int(), failed: z.number().int() }),
  price: z.object({ fetchedAt: z.string().nullable(), ageSeconds: z.number().int().nullable() }),
  leases: z.array(z.object({ name: z.string(), holder: z.string(), expiresAt: z.string() })),
});
export type Overview = z.infer<typeof overviewResponse>;

export const verificationRequestResponse = z.object({ requestedAt: z.string() });
export type VerificationRequest = z.infer<typeof verificationRequestResponse>;
export const outboxRetryResponse = z.object({ retried: z.number().int() });
export type OutboxRetry = z.infer<typeof outboxRetryResponse>;

export const userSearchQuery = z.object({
  /** Without q: every user, newest first. An empty q is refused (a client that meant to search). */
  q: text(200).trim().min(1).optional(),
  cursor: text(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const userRowSchema = z.object({
  id: z.string(),
  uid: z.string(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userSearchResponse = z.object({ items: z.array(userRowSchema), nextCursor: z.string().nullable() });
export type UserSearchPage = z.infer<typeof userSearchResponse>;

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
  /** The latest identity verification's state (issue 46, item 6): what an alert's reader judges by. */
  identity: z.enum(['none', 'pending', 'verified', 'rejected']),
  /** Their tier and limits, and what the rolling 30 days used of them. */
  limits: limitsView,
  balances: z.object({
    available: decimalAmount,
    invested: decimalAmount,
    held: decimalAmount,
    totalInvested: decimalAmount,
  }),
  investments: z.array(adminInvestmentSchema),
  history: historyResponse,
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
export type UserDetail = z.infer<typeof userDetailResponse>;

export const revokedResponse = z.object({ revoked: z.number().int() });
export type Revoked = z.infer<typeof revokedResponse>;

/** The audit viewer's filters: actor (UID, e-mail, user id, `cli`, `anonymous`), action, target, days. */
export const auditFilterQuery = z.object({
  actor: text(200).trim().optional(),
  action: text(100).trim().optional(),
  target: text(200).trim().optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterQuery>;
export const auditPageQuery = auditFilterQuery.extend({
  cursor: text(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const auditCsvQuery = auditFilterQuery.extend({ lang: z.enum(['fr', 'en', 'es']).optional() });
export const userAuditQuery = z.object({
  cursor: text(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const who = z.object({
  id: z.string(),
  uid: z.string().nullable(),
  email: z.string().nullable(),
  fullName: z.string().nullable(),
});
export const auditRowSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: who,
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string(), uid: z.string().nullable() }),
  /** The person the row is about: the target user, or whose request, verification, alert or conversation it is. */
  subject: who.nullable(),
  result: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditRowView = z.infer<typeof auditRowSchema>;
export const auditPageResponse = z.object({ items: z.array(auditRowSchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageResponse>;

const lastRun = z
  .object({ ranAt: z.string(), ok: z.boolean(), problems: z.number().int(), detail: z.string() })
  .nullable();
export const auditIntegrityResponse = z.object({
  /** The newest seal of the hash chain: its number, hash and when it was made. */
  seal: z.object({ no: z.number().int(), hash: z.string(), sealedAt: z.string(), rows: z.number().int() }).nullable(),
  /** The last verification of the seals (the chain recomputed from the rows). */
  verification: lastRun,
});
export type AuditIntegrity = z.infer<typeof auditIntegrityResponse>;
