import { z } from 'zod';

/** A person's payments as the chain watcher recorded them (decision 055), for /deposit. */
export const chainPaymentStates = ['seen', 'in_block', 'confirmed', 'orphaned'] as const;

export const chainPaymentsResponse = z.object({
  /** The coins whose chain is followed, with the confirmations each needs. */
  followed: z.array(z.object({ coin: z.enum(['BTC', 'LTC']), required: z.number().int() })),
  payments: z.array(
    z.object({
      coin: z.enum(['BTC', 'LTC', 'USDT_TRC20', 'SOL']),
      txid: z.string(),
      vout: z.number().int(),
      /** In coins, as a decimal string with up to 8 decimals ("0.00125"). */
      amount: z.string(),
      state: z.enum(chainPaymentStates),
      confirmations: z.number().int(),
      required: z.number().int(),
      firstSeenAt: z.string(),
      /**
       * What it became once confirmed (decision 059): a deposit (under review, credited, or
       * refused by an operator: then refunded), or a refund without a deposit (below the minimum,
       * or after closure was asked); with the dollars and the rate they came from. Null before.
       */
      outcome: z
        .object({
          kind: z.enum(['under_review', 'credited', 'rejected', 'below_minimum', 'closing']),
          /** Dollars, as a decimal string. */
          amount: z.string(),
          /** Dollars per coin at confirmation. */
          rate: z.string(),
          refunded: z.boolean(),
        })
        .nullable(),
    }),
  ),
  /** The least a payment must be worth to be credited, in dollars. */
  minimum: z.string(),
  /**
   * The coins paid to the platform's one address and claimed by transaction id (decision 060),
   * with that address. Absent on servers without them.
   */
  claims: z.array(z.object({ coin: z.enum(['USDT_TRC20', 'SOL']), address: z.string() })).optional(),
});
export type ChainPayments = z.infer<typeof chainPaymentsResponse>;

/** A payment the platform holds but did not credit, for the operators to send back (decision 059). */
export const chainRefund = z.object({
  coin: z.enum(['BTC', 'LTC', 'USDT_TRC20', 'SOL']),
  txid: z.string(),
  vout: z.number().int(),
  /** Where it came to: the person's own address. */
  address: z.string(),
  /** In coins. */
  amount: z.string(),
  /** Why: a rule (`below_minimum`, `closing`), or an operator rejected its deposit (`rejected`). */
  reason: z.enum(['below_minimum', 'closing', 'rejected']),
  /** What it was worth at confirmation, in dollars, and the rate. */
  worth: z.string(),
  rate: z.string(),
  raisedAt: z.string(),
  user: z.object({
    id: z.string(),
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    uid: z.string().nullable(),
  }),
  refund: z.object({ txid: z.string(), at: z.string(), by: z.string() }).nullable(),
});
export type ChainRefund = z.infer<typeof chainRefund>;
export const chainRefundsResponse = z.object({ items: z.array(chainRefund) });
export type ChainRefunds = z.infer<typeof chainRefundsResponse>;
export const chainRefundsQuery = z.object({ state: z.enum(['open', 'done']).default('open') });
export const chainRefundParams = z.object({
  coin: z.enum(['BTC', 'LTC', 'USDT_TRC20', 'SOL']),
  txid: z.string().max(100),
  vout: z.coerce.number().int().min(0).max(1_000_000),
});
/** The refund's own transaction, as the operator's wallet sent it. */
export const recordRefundRequest = z.object({ txid: z.string().max(200) });

/** A person claims a transaction they sent to the platform's one address (decision 060). */
export const chainClaimRequest = z.object({
  /** Checked by the server (an unknown coin is `chain_claim_coin_unknown`, in the person's language). */
  coin: z.string().max(20),
  /** A TRON transaction id (64 hex) or a Solana signature (base58); checked by the server. */
  txid: z.string().max(200),
});
export const chainClaimResponse = z.object({
  coin: z.enum(['USDT_TRC20', 'SOL']),
  txid: z.string(),
  /** What it paid the platform's address, in coins. */
  amount: z.string(),
});
export type ChainClaimResponse = z.infer<typeof chainClaimResponse>;

/** A sending address to register (decision 063): checked by the server, per coin. */
export const chainSenderRequest = z.object({
  coin: z.string().max(20),
  address: z.string().max(128),
});
export const chainSender = z.object({
  coin: z.enum(['USDT_TRC20', 'SOL']),
  address: z.string(),
  registeredAt: z.string(),
});
export type ChainSender = z.infer<typeof chainSender>;
export const chainSendersResponse = z.object({ senders: z.array(chainSender), max: z.number().int() });
export type ChainSenders = z.infer<typeof chainSendersResponse>;
