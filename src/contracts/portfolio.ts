import { z } from 'zod';
import { areaSchema, investmentSchema } from './investing';
import { decimalAmount } from './money';
import { statementKinds } from './statement-kinds';
import { calendarDay } from './text';

/** The BTC price the crypto values were computed with; null price when none could be had (stored values are used). */
export const valuationPriceSchema = z.object({
  btc: decimalAmount.nullable(),
  fetchedAt: z.string().nullable(),
  ageSeconds: z.number().int().nullable(),
  /** Older than the configured limit (PRICE_STALE_AFTER_S), or missing. */
  stale: z.boolean(),
});

/** GET /api/portfolio: the signed-in person's active investments valued now. */
export const portfolioResponse = z.object({
  stats: z.object({
    totalValue: decimalAmount,
    invested: decimalAmount,
    gain: decimalAmount,
    /** Percentage with exactly 2 decimals, e.g. "12.50" or "-3.33". */
    roi: z.string().regex(/^-?\d+\.\d{2}$/),
  }),
  allocation: z.array(z.object({ area: areaSchema, value: decimalAmount, invested: decimalAmount })),
  price: valuationPriceSchema,
  /** The newest active investments (one page); `nextCursor` continues with GET /api/portfolio/investments. */
  investments: z.array(investmentSchema),
  nextCursor: z.string().nullable(),
  /** How many investments are active in all (the stats and the allocation count every one of them). */
  activeCount: z.number().int().min(0),
  valuedAt: z.string(),
});
export type Portfolio = z.infer<typeof portfolioResponse>;

/** GET /api/portfolio/investments: older pages of the active investments, newest first, valued now. */
export const portfolioInvestmentsQuery = z.object({
  cursor: z
    .string()
    .max(200)
    .regex(/^[\w-]+$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const portfolioInvestmentsResponse = z.object({
  investments: z.array(investmentSchema),
  nextCursor: z.string().nullable(),
});
export type PortfolioInvestmentsPage = z.infer<typeof portfolioInvestmentsResponse>;

/** GET /api/portfolio/history: the last 12 months, oldest first; the current month is computed live. */
export const historyMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  crypto: decimalAmount,
  stocks: decimalAmount,
  realEstate: decimalAmount,
  trading: decimalAmount,
});
export const historyResponse = z.object({ months: z.array(historyMonthSchema) });
export type PortfolioHistory = z.infer<typeof historyResponse>;
export type HistoryMonth = z.infer<typeof historyMonthSchema>;

/** What a statement line is, from the person's point of view. */
export { statementKinds };
export const statementKind = z.enum(statementKinds);
export type StatementKind = z.infer<typeof statementKind>;

export const statementQuery = z.object({
  type: statementKind.optional(),
  /** Inclusive UTC days. */
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const statementCsvQuery = statementQuery
  .omit({ cursor: true, limit: true })
  .extend({ lang: z.enum(['fr', 'en', 'es']).optional() });

export const statementLineSchema = z.object({
  id: z.string(),
  kind: statementKind,
  /** Signed: positive credits the available balance, negative debits it. */
  amount: decimalAmount,
  /** The available balance right after this line. */
  balance: decimalAmount,
  at: z.string(),
  /** What the line concerns: the area of an investment, the other person of a transfer, a withdrawal's currency and status. */
  detail: z.object({
    area: areaSchema.optional(),
    counterpartyUid: z.string().optional(),
    counterpartyName: z.string().optional(),
    crypto: z.string().optional(),
    status: z.string().optional(),
    /** A paid withdrawal's transaction (decision 057): checked on chain or not, its confirmations, its explorer page. */
    payout: z
      .object({
        txid: z.string(),
        verified: z.boolean(),
        confirmations: z.number().int().nullable(),
        explorerUrl: z.string().nullable(),
      })
      .optional(),
  }),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementResponse = z.object({
  lines: z.array(statementLineSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  balance: decimalAmount,
});
export type Statement = z.infer<typeof statementResponse>;
