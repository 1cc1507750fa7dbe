import { z } from 'zod';

/** GET /api/public/config: what visitors may know of the operator's configuration. */
export const publicConfigSchema = z.object({
  /** Advertised figures (percent); always shown as hypothetical, with the risk warning. */
  advertisedRates: z.object({
    tradingMonthlyPct: z.number(),
    realEstateQuarterlyPct: z.number(),
    stocksYearlyMinPct: z.number(),
    stocksYearlyMaxPct: z.number(),
  }),
  /** Demo installs show sample data and placeholder addresses; real ones never do. */
  demoMode: z.boolean(),
  /** Where a person writes to reach the operator's team (the assistant gives it for what it cannot handle). */
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
