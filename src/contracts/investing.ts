import { z } from 'zod';
import { areas } from '../core/areas';
import { amountInput, decimalAmount } from './money';
import { text } from './text';

export const areaSchema = z.enum(areas);

export const investRequest = z.object({
  area: text(32).describe(`one of ${areas.join(', ')}`),
  amount: amountInput,
});

export const investmentSchema = z.object({
  id: z.string(),
  area: areaSchema,
  amount: decimalAmount,
  currentValue: decimalAmount,
  btcPriceAtInvestment: decimalAmount.nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  stoppedAt: z.string().nullable(),
  lockDaysLeft: z.number().int().min(0),
});
export type Investment = z.infer<typeof investmentSchema>;

export const investResponse = z.object({ investment: investmentSchema, balance: decimalAmount });
export const stopResponse = z.object({ investment: investmentSchema, credited: decimalAmount, balance: decimalAmount });
export type InvestResult = z.infer<typeof investResponse>;
export type StopResult = z.infer<typeof stopResponse>;
export const investmentsResponse = z.object({ investments: z.array(investmentSchema) });

export const transferRequest = z.object({
  recipientUid: text(64),
  amount: amountInput,
});
export const recipientResponse = z.object({ uid: z.string(), maskedName: z.string() });
export type Recipient = z.infer<typeof recipientResponse>;
export const transferResponse = z.object({
  id: z.string(),
  amount: decimalAmount,
  recipient: z.object({ uid: z.string(), fullName: z.string() }),
  balance: decimalAmount,
  createdAt: z.string(),
});
export type TransferResult = z.infer<typeof transferResponse>;
