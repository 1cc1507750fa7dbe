import { z } from 'zod';
import { tiers } from '../core/tiers';
import { amountInput, decimalAmount } from './money';
import { proofMatchSchema } from './proof-match';
import { text } from './text';
import { investorReasonCodes, rejectionReasonCodes } from '../core/rejection-reasons';

export const requestStatus = z.enum(['pending', 'approved', 'rejected']);
export type RequestStatus = z.infer<typeof requestStatus>;

export const depositCoins = ['BTC', 'LTC', 'USDT_TRC20', 'SOL'] as const;

export const depositConfigResponse = z.object({
  /** False when no address is configured outside demo mode: deposits are refused. */
  available: z.boolean(),
  /** True when the addresses are demo samples: never send real funds to them. */
  sample: z.boolean(),
  addresses: z.array(
    z.object({
      coin: z.enum(depositCoins),
      address: z.string(),
      /** This person's own address, derived for them alone (decision 044); absent for a shared one. */
      own: z.literal(true).optional(),
      /** Payments to it are seen on chain and become deposits by themselves: no screenshot (decision 062). */
      followed: z.literal(true).optional(),
    }),
  ),
});
export type DepositConfig = z.infer<typeof depositConfigResponse>;

/**
 * Why a request was rejected, as its owner sees it: a code of the catalogue (every final compliance
 * reason is `request_declined`) and whether it can be corrected now (the reason allows it, it is
 * the latest version, and the version cap leaves room). The operator's internal note never appears.
 */
const versioned = {
  /** A rejection written before the catalogue keeps its free-text note here; new ones never do. */
  adminNotes: z.string().nullable(),
  rejection: z.object({ reason: z.enum(investorReasonCodes), canCorrect: z.boolean() }).nullable(),
  /** 1 for a first request; a correction is the next version of the rejected one it names. */
  version: z.number().int(),
  previousId: z.string().nullable(),
};

/**
 * Why a pending deposit waits on its owner's limit (issue 46, item 3): approving it now would pass
 * the per-request or the 30-day limit. Read when asked, from the limits of now: it goes once the
 * window frees enough (`freesAt`) or the identity raises the limit (`raise`).
 */
const heldByLimit = z.object({
  limit: z.enum(['per_request', 'rolling_30_days']),
  max: decimalAmount,
  left: decimalAmount,
  raise: z.boolean(),
  freesAt: z.string().nullable(),
});

export type HeldByLimit = z.infer<typeof heldByLimit>;

export const depositSchema = z.object({
  id: z.string(),
  amount: decimalAmount,
  status: requestStatus,
  hasProof: z.boolean(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  ...versioned,
  /** Pending deposits of the history and the operators' queue only; null when the limit is no obstacle. */
  heldByLimit: heldByLimit.nullable().optional(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const withdrawalRequest = z.object({
  amount: amountInput,
  crypto: text(16),
  address: text(256),
  /** Correcting: the rejected withdrawal this one replaces as its next version. */
  previousId: text(64).optional(),
});

/**
 * The transaction that paid a withdrawal (decision 057). `verified`: the server read it on chain
 * and it pays the address; otherwise recorded as the operator gave it. `coinAmount` (decimal coin)
 * and `confirmations` only when verified; `confirmationsWanted` is the coin's threshold.
 */
export const payoutSchema = z.object({
  txid: z.string(),
  verified: z.boolean(),
  coinAmount: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  confirmationsWanted: z.number().int().nullable(),
  explorerUrl: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  amount: decimalAmount,
  status: requestStatus,
  crypto: z.string(),
  address: z.string(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  ...versioned,
  /** An approved withdrawal's payout transaction, when one was recorded. */
  payout: payoutSchema.nullable().optional(),
});

/** The approval that settles a withdrawal carries its payout transaction's id (decision 057). */
export const approveWithdrawalRequest = z
  .object({ payoutTxid: text(200).optional() })
  .strict()
  .nullish();
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const transferLine = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  amount: decimalAmount,
  counterpartyUid: z.string(),
  counterpartyName: z.string(),
  createdAt: z.string(),
});

export const historyResponse = z.object({
  deposits: z.array(depositSchema),
  withdrawals: z.array(withdrawalSchema),
  transfers: z.array(transferLine),
});
export type CashierHistory = z.infer<typeof historyResponse>;

const requester = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  uid: z.string(),
  frozen: z.boolean(),
  /** Their verification tier now (decision 037). */
  tier: z.enum(tiers),
  /** With limits on: what the rolling 30 days used in this request's direction, and its limit (null: none). */
  limit: z.object({ used: decimalAmount, max: decimalAmount.nullable() }).nullable(),
});

/**
 * Dual control: `awaiting_first` needs an approval, `awaiting_second` has one and needs another
 * operator's; `decided` is approved or rejected. `own` marks the viewing operator's own request.
 */
export const approvalStage = z.enum(['awaiting_first', 'awaiting_second', 'decided']);
/** A request's versions, first to last, as operators see them. */
const requestVersion = z.object({
  id: z.string(),
  version: z.number().int(),
  amount: decimalAmount,
  status: requestStatus,
  reason: z.enum(rejectionReasonCodes).nullable(),
  createdAt: z.string(),
});
const review = {
  processedBy: z.string().nullable(),
  /** The catalogue code the operator chose (final compliance codes included) and their internal note. */
  reason: z.enum(rejectionReasonCodes).nullable(),
  internalNote: z.string().nullable(),
  /** Every version of this request (one when it was never corrected). */
  versions: z.array(requestVersion),
  stage: approvalStage,
  needsSecondApproval: z.boolean(),
  firstApproval: z.object({ by: z.string(), name: z.string(), email: z.string(), at: z.string() }).nullable(),
  own: z.boolean(),
};

/** Where the person said they paid: the coin and the address they were shown, and its index when derived. */
const depositPaidTo = z.object({ coin: z.string(), address: z.string(), derivedIndex: z.number().int().nullable() });
export type DepositPaidTo = z.infer<typeof depositPaidTo>;

/**
 * A deposit made from a chain payment (decision 059): the output it credits, its amount in the coin,
 * the rate at confirmation and when the feed gave it, and the payment as the watcher sees it now
 * (its state, block and confirmations, of `required`).
 */
export const chainEvidence = z.object({
  coin: z.string(),
  txid: z.string(),
  vout: z.number().int(),
  coinAmount: z.string(),
  /** Dollars per coin, as a decimal string with two to six decimals. */
  rate: z.string(),
  rateAt: z.string(),
  state: z.enum(['seen', 'in_block', 'confirmed', 'orphaned']),
  blockHash: z.string().nullable(),
  blockHeight: z.number().int().nullable(),
  confirmations: z.number().int(),
  required: z.number().int(),
});
export type ChainEvidence = z.infer<typeof chainEvidence>;

/** sameImageAs: other deposits whose proof is the same image (decision 019). */
export const adminDepositSchema = depositSchema.extend({
  user: requester,
  ...review,
  sameImageAs: z.array(proofMatchSchema),
  paidTo: depositPaidTo.nullable(),
  chain: chainEvidence.nullable(),
});
export const adminWithdrawalSchema = withdrawalSchema.extend({
  user: requester.extend({ balance: decimalAmount }),
  ...review,
  /** Whether this coin's payout transaction is checked on chain (then its id is required to settle). */
  payoutChecked: z.boolean(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const queueQuery = z.object({
  status: requestStatus.optional(),
  /** `me`: requests awaiting a second approval that this operator may give. */
  waiting: z.enum(['me']).optional(),
  cursor: text(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminDepositsResponse = z.object({
  items: z.array(adminDepositSchema),
  nextCursor: z.string().nullable(),
});
export const adminWithdrawalsResponse = z.object({
  items: z.array(adminWithdrawalSchema),
  nextCursor: z.string().nullable(),
});
export type AdminDepositsPage = z.infer<typeof adminDepositsResponse>;
export const decisionResponse = z.object({
  ok: z.literal(true),
  stage: z.enum(['awaiting_second', 'approved', 'rejected']),
});
export type Decision = z.infer<typeof decisionResponse>;
/** A reason from the catalogue (the service checks it applies to the request), and an internal note. */
export const rejectRequest = z.object({
  reason: z.enum(rejectionReasonCodes),
  note: text(500).trim().optional(),
});
export const proofLinkResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type ProofLink = z.infer<typeof proofLinkResponse>;
