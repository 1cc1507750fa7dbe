import { z } from 'zod';
import { ALERT_NOTE_MAX, ALERT_PAGE, alertRules } from '../core/monitoring';
import { decimalAmount } from './money';
import { text } from './text';

/** Monitoring alerts (decision 035): operators only, never in an investor's answer. */

export const alertStatusFilter = z.enum(['open', 'resolved', 'all']);
export type AlertStatusFilter = z.infer<typeof alertStatusFilter>;
/** The oldest open alerts first, `limit` of them (of each status for `all`): the page asks for more. */
export const alertListQuery = z.object({
  status: alertStatusFilter.default('open'),
  limit: z.coerce.number().int().min(1).max(1000).default(ALERT_PAGE),
});
export const alertParams = z.object({ id: text(64) });
export const resolveAlertRequest = z.object({
  note: text(ALERT_NOTE_MAX)
    .trim()
    .refine((s) => s.length > 0, { message: 'must not be empty' }),
});

const person = z.object({ id: z.string(), uid: z.string().nullable(), fullName: z.string().nullable() });

/** One movement behind an alert: the journal transaction, its request or transfer, the amount, when. */
export const alertFact = z.object({
  kind: z.enum(['deposit', 'withdrawal', 'transfer']),
  txId: z.string(),
  refId: z.string().nullable(),
  amount: decimalAmount,
  at: z.string(),
  /** A transfer's sender. */
  sender: person.nullable(),
});

export const alertSchema = z.object({
  id: z.string(),
  rule: z.enum(alertRules),
  status: z.enum(['open', 'resolved']),
  /** When the movement that tripped the rule happened. */
  trippedAt: z.string(),
  raisedAt: z.string(),
  user: z.object({ id: z.string(), uid: z.string(), fullName: z.string(), email: z.string() }),
  /** What the rule compared the movements with (null where the rule has no such threshold). */
  thresholds: z.object({
    amountFrom: decimalAmount.nullable(),
    amountBelow: decimalAmount.nullable(),
    hours: z.number().int().nullable(),
    count: z.number().int().nullable(),
  }),
  facts: z.array(alertFact),
  resolution: z
    .object({ at: z.string(), by: z.object({ id: z.string(), name: z.string().nullable() }), note: z.string() })
    .nullable(),
});
export type Alert = z.infer<typeof alertSchema>;
/** `total`: how many alerts of the status exist, listed or not. */
export const alertListResponse = z.object({ alerts: z.array(alertSchema), total: z.number().int().min(0) });
export type AlertList = z.infer<typeof alertListResponse>;
