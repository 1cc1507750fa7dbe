import { z } from 'zod';
import { reauthBody } from './data-export';
import { decimalAmount } from './money';

export const closureStateSchema = z.enum(['requested', 'waiting_locks', 'waiting_payout', 'closed']);

/** One thing a closure waits for, with its exact date when it has one (ISO-8601). */
export const closureWaitSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('investment_locked'),
    id: z.string(),
    area: z.string(),
    amount: decimalAmount,
    until: z.string(),
  }),
  z.object({ kind: z.literal('investment_active'), id: z.string(), area: z.string(), amount: decimalAmount }),
  z.object({ kind: z.literal('deposit_pending'), id: z.string(), amount: decimalAmount, since: z.string() }),
  z.object({ kind: z.literal('withdrawal_pending'), id: z.string(), amount: decimalAmount, since: z.string() }),
  z.object({ kind: z.literal('identity_pending'), id: z.string(), since: z.string() }),
  z.object({ kind: z.literal('balance'), amount: decimalAmount, withdrawalLockedUntil: z.string().nullable() }),
]);

export const retentionItemSchema = z.object({
  category: z.enum([
    'no_legal_basis',
    'identity_documents',
    'contact_details',
    'sessions_security_logs',
    'ledger_audit',
  ]),
  basis: z.string(),
  until: z.string(),
  done: z.boolean(),
});

export const erasureAnswerSchema = z.object({
  at: z.string(),
  erased: z.array(retentionItemSchema.shape.category),
  remaining: z.array(z.object({ category: retentionItemSchema.shape.category, basis: z.string(), until: z.string() })),
});

/** GET /api/closure: the closure of the signed-in person's account, if any. */
export const closureViewSchema = z.object({
  state: closureStateSchema.nullable(),
  requestedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  waits: z.array(closureWaitSchema),
  canCancel: z.boolean(),
  /** Once closed: what is kept, on which basis, until when. */
  retention: z.array(retentionItemSchema),
  /** The dated answers to this person's erasure requests, newest first. */
  erasureAnswers: z.array(erasureAnswerSchema),
});

export const closureRequestBody = reauthBody;

export type ClosureView = z.infer<typeof closureViewSchema>;
export type ClosureWaitView = z.infer<typeof closureWaitSchema>;
export type ErasureAnswerView = z.infer<typeof erasureAnswerSchema>;
