import { z } from 'zod';
import { areas } from '../core/areas';
import { factLinks, topics } from '../core/assistant/facts';
import { investorReasonCodes } from '../core/rejection-reasons';
import { decimalAmount } from './money';

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
