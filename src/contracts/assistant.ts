import { z } from 'zod';
import { areas } from '../core/areas';
import { factLinks, topics } from '../core/assistant/facts';
import { SUPPORT_MESSAGE_MAX } from '../core/assistant/handoff';
import { intents } from '../core/assistant/lexicon';
import { investorReasonCodes } from '../core/rejection-reasons';
import { decimalAmount } from './money';
import { text } from './text';

export const factTopic = z.enum(topics);

const factValue = z.discriminatedUnion('type', [
  z.object({ type: z.literal('money'), amount: decimalAmount }),
  z.object({ type: z.literal('datetime'), at: z.string() }),
  z.object({ type: z.literal('count'), value: z.number().int() }),
  z.object({ type: z.literal('area'), value: z.enum(areas) }),
  z.object({ type: z.literal('text'), value: z.string() }),
  z.object({ type: z.literal('coins'), amount: z.string().regex(/^\d+(\.\d{1,8})?$/), coin: z.string() }),
  z.object({ type: z.literal('reason'), value: z.enum(investorReasonCodes) }),
  z.object({
    type: z.literal('duration'),
    unit: z.enum(['moments', 'minutes', 'hours', 'days']),
    count: z.number().int().optional(),
  }),
]);

export const factSchema = z.object({
  key: z.string(),
  values: z.record(z.string(), factValue),
  link: z.enum(factLinks).optional(),
});

export const factsParams = z.object({ topic: factTopic });
export const factsResponse = z.object({ topic: factTopic, facts: z.array(factSchema) });
export type FactsResponse = z.infer<typeof factsResponse>;

/** One message typed to the assistant, to be told which topic it is about (decision 064). */
export const intentRequest = z.object({ text: text(SUPPORT_MESSAGE_MAX).refine((s) => s.trim() !== '', 'empty') });
const intent = z.enum(intents);
export const intentResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('answer'), intent, score: z.number() }),
  z.object({ kind: z.literal('clarify'), choices: z.array(intent).min(1).max(3) }),
  z.object({ kind: z.literal('none') }),
]);
export type IntentResponse = z.infer<typeof intentResponse>;
