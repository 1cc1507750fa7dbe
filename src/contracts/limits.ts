import { z } from 'zod';
import { limitDirections, tiers } from '../core/tiers';
import { decimalAmount } from './money';

/**
 * The investor's tier, their limits and what is left over the rolling 30 days (decision 037). An
 * amount of null is no limit; `enabled` is false where the operator has not turned limits on.
 */
export const limitsView = z.object({
  enabled: z.boolean(),
  tier: z.enum(tiers),
  /** The tier reached next (verifying the identity), null at the top. */
  next: z.enum(tiers).nullable(),
  limits: z.array(
    z.object({
      direction: z.enum(limitDirections),
      perRequest: decimalAmount.nullable(),
      rolling30Days: decimalAmount.nullable(),
      used: decimalAmount,
      left: decimalAmount.nullable(),
      /** The 30-day limit at the next tier (null: none, or no next tier). */
      nextRolling30Days: decimalAmount.nullable(),
      /**
       * Why nothing can be requested in this direction now, or null: `tier` when the tier allows
       * nothing (a limit of zero), `used` when the 30 days used the whole limit (issue 46, item 2).
       */
      blocked: z.enum(['tier', 'used']).nullable(),
      /** With `used`: when the oldest counted request leaves the 30 days and part of the limit frees. */
      freesAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type LimitsView = z.infer<typeof limitsView>;
