import { z } from 'zod';

/** A person's payments as the chain watcher recorded them (decision 055), for /deposit. */
export const chainPaymentStates = ['seen', 'in_block', 'confirmed', 'orphaned'] as const;

export const chainPaymentsResponse = z.object({
  /** The coins whose chain is followed, with the confirmations each needs. */
  followed: z.array(z.object({ coin: z.enum(['BTC', 'LTC']), required: z.number().int() })),
  payments: z.array(
    z.object({
      coin: z.enum(['BTC', 'LTC']),
      txid: z.string(),
      vout: z.number().int(),
      /** In coins, as a decimal string with up to 8 decimals ("0.00125"). */
      amount: z.string(),
      state: z.enum(chainPaymentStates),
      confirmations: z.number().int(),
      required: z.number().int(),
      firstSeenAt: z.string(),
    }),
  ),
});
export type ChainPayments = z.infer<typeof chainPaymentsResponse>;
