import { z } from 'zod';
import { text } from './text';

export const uidParams = z.object({ uid: text(32) });
export const freezeRequest = z.object({ reason: text(500).trim() });
export const freezeState = z.object({
  uid: z.string(),
  fullName: z.string(),
  frozen: z.boolean(),
  reason: z.string().nullable(),
  since: z.string().nullable(),
});
export type FreezeState = z.infer<typeof freezeState>;
