import { z } from 'zod';
import { decimalAmount } from './money';

/** Another deposit whose proof is the same image (exact: same pixels; near: a re-encoded, resized or cropped copy). */
export const proofMatchSchema = z.object({
  depositId: z.string(),
  kind: z.enum(['exact', 'near']),
  distance: z.number().int(),
  createdAt: z.string(),
  amount: decimalAmount,
  user: z.object({ id: z.string(), fullName: z.string(), uid: z.string() }),
});
export type ProofMatch = z.infer<typeof proofMatchSchema>;
