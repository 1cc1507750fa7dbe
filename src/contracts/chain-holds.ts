import { z } from 'zod';
import { CHAIN_HOLD_NOTE_MAX } from './chain-hold-note';
import { text } from './text';

/**
 * Holds raised when a credited chain payment's block left the best chain (decision 058): the
 * operators' list and release, and whether the person's own withdrawals are held.
 */

export const CHAIN_HOLD_PAGE = 100;

/** A hold's id on the wire: coin, transaction id, output index and the block that left, joined by dashes. */
export const chainHoldId = /^(BTC|LTC)-([0-9a-f]{64})-(\d{1,9})-([0-9a-f]{64})$/;

export const chainHoldListQuery = z.object({
  status: z.enum(['open', 'released']).default('open'),
  userId: text(64).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(CHAIN_HOLD_PAGE),
});
/** The id travels in the body: two 64-digit hashes exceed a path parameter's length limit. */
export const releaseChainHoldRequest = z.object({
  id: z.string().regex(chainHoldId),
  note: text(CHAIN_HOLD_NOTE_MAX)
    .trim()
    .refine((s) => s.length > 0, { message: 'must not be empty' }),
});

export const chainHoldSchema = z.object({
  id: z.string(),
  coin: z.enum(['BTC', 'LTC']),
  txid: z.string(),
  vout: z.number().int(),
  /** The block that left the best chain. */
  blockHash: z.string(),
  /** The payment's amount in coins ("0.00125"), when its row is still there. */
  amount: z.string().nullable(),
  raisedAt: z.string(),
  user: z.object({ id: z.string(), uid: z.string(), fullName: z.string(), email: z.string() }),
  release: z.object({ at: z.string(), by: z.object({ id: z.string(), name: z.string().nullable() }) }).nullable(),
});
export type ChainHold = z.infer<typeof chainHoldSchema>;

/** `open`: how many holds are open (of the person, with `userId`), listed or not. */
export const chainHoldListResponse = z.object({ holds: z.array(chainHoldSchema), open: z.number().int().min(0) });
export type ChainHoldList = z.infer<typeof chainHoldListResponse>;

/** The investor's side: whether their withdrawals are held, and since when. */
export const withdrawalHoldResponse = z.object({ held: z.boolean(), since: z.string().nullable() });
export type WithdrawalHold = z.infer<typeof withdrawalHoldResponse>;
