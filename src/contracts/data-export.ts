import { z } from 'zod';

/**
 * The investor's data export (issue 28; decision 038). `dataExportV1` is the published, versioned
 * shape of `data.json` in the ZIP: its JSON Schema is generated from it (z.toJSONSchema), served at
 * GET /api/schemas/data-export/v1.json and kept in the repository (docs/schemas/data-export.v1.json).
 * Exports are built in version 2 (`dataExportV2`, issue 45), served and kept the same way as v2.json.
 * The schema is strict (no unknown properties): any change is a new version (v2), never an edit of v1.
 * Amounts are integer cents of USD; instants are ISO-8601 UTC text.
 */
const cents = z.number().int().describe('integer cents of USD');
const instant = z.string().describe('ISO-8601 UTC');
const nullableInstant = instant.nullable();

const profile = z.object({
  userId: z.string(),
  uid: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  birthDate: z.string().describe('YYYY-MM-DD'),
  country: z.string(),
  phone: z.string(),
  locale: z.string(),
  firstInvestmentDate: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
  passwordChangedAt: nullableInstant,
  /** When two-factor was last turned off (withdrawals wait 24 h after it). */
  secondFactorRemovedAt: nullableInstant,
  frozenSince: nullableInstant.describe('set while the account is frozen; the reason is internal'),
});

const balance = z.object({ account: z.string(), kind: z.string(), balanceCents: cents });

const ledgerLine = z.object({
  entryId: z.number().int(),
  txId: z.string(),
  type: z.string(),
  account: z.string(),
  amountCents: cents.describe('signed: positive credits the account'),
  at: instant,
  refType: z.string().nullable(),
  refId: z.string().nullable(),
});

const investment = z.object({
  id: z.string(),
  area: z.string(),
  amountCents: cents,
  currentValueCents: cents,
  btcPriceAtInvestmentCents: cents.nullable(),
  active: z.boolean(),
  createdAt: instant,
  stoppedAt: nullableInstant,
  investTxId: z.string(),
  stopTxId: z.string().nullable(),
});

const requestCommon = {
  id: z.string(),
  amountCents: cents,
  status: z.string(),
  createdAt: instant,
  processedAt: nullableInstant,
  firstApprovedAt: nullableInstant,
  /** What the investor is told: a catalogue code, or request_declined for every final compliance reason. */
  reason: z.string().nullable(),
  /** A rejection written before the catalogue keeps its free-text note for the investor here. */
  adminNotes: z.string().nullable(),
  version: z.number().int(),
  previousId: z.string().nullable(),
};

const deposit = z.object({ ...requestCommon, proofFile: z.string().nullable(), txId: z.string().nullable() });
const withdrawal = z.object({
  ...requestCommon,
  crypto: z.string(),
  walletAddress: z.string(),
  holdTxId: z.string(),
  settleTxId: z.string().nullable(),
});

const transfer = z.object({
  id: z.string(),
  direction: z.enum(['sent', 'received']),
  counterpartyUid: z.string().nullable(),
  amountCents: cents,
  status: z.string(),
  txId: z.string(),
  createdAt: instant,
});

const session = z.object({
  id: z.string(),
  createdAt: instant,
  lastSeenAt: instant,
  expiresAt: instant,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});

const securityEvent = z.object({
  at: instant,
  action: z.string(),
  result: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});

const device = z.object({ firstSeenAt: instant, lastSeenAt: instant });
const signInFailure = z.object({ ipAddress: z.string(), failures: z.number().int(), lastAt: instant });

const email = z.object({
  id: z.string(),
  to: z.string(),
  template: z.string(),
  locale: z.string(),
  /** The e-mail's values; links that carried a secret token are replaced by "[link removed]". */
  params: z.record(z.string(), z.unknown()),
  status: z.string(),
  createdAt: instant,
  sentAt: nullableInstant,
});

const identityVerification = z.object({
  id: z.string(),
  status: z.string(),
  documentType: z.string(),
  documentNumber: z.string(),
  documentExpiry: z.string(),
  files: z.array(z.object({ slot: z.string(), file: z.string().nullable() })),
  createdAt: instant,
  processedAt: nullableInstant,
  reason: z.string().nullable(),
  version: z.number().int(),
  previousId: z.string().nullable(),
});

const supportConversation = z.object({
  id: z.string(),
  reference: z.string(),
  reason: z.string(),
  state: z.string(),
  createdAt: instant,
  closedAt: nullableInstant,
  messages: z.array(z.object({ author: z.string(), body: z.string(), at: instant })),
});

const performance = z.object({
  month: z.string(),
  cryptoCents: cents,
  stocksCents: cents,
  realEstateCents: cents,
  tradingCents: cents,
});

const liabilityMembership = z.object({ round: z.number().int(), balanceCents: cents });

/** The account's closure (decision 039): absent unless the person asked to close. */
const closure = z.object({
  state: z.enum(['requested', 'waiting_locks', 'waiting_payout', 'closed']),
  requestedAt: instant,
  stateAt: instant,
  closedAt: nullableInstant,
});
/** A retention rule applied to the person's data after closure, and when. */
const retentionAction = z.object({ category: z.string(), doneAt: instant });
/** An erasure request and the dated answer given (what was erased, what remains and until when). */
const erasureRequest = z.object({ id: z.string(), requestedAt: instant, answer: z.unknown() });

const exportedFile = z.object({
  file: z.string().describe('path inside the ZIP'),
  source: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
});

const sectionsV1 = {
  format: z.literal('atlas-invest-data-export'),
  generatedAt: instant,
  profile,
  balances: z.array(balance),
  ledger: z.array(ledgerLine),
  investments: z.array(investment),
  transfers: z.array(transfer),
  sessions: z.array(session),
  securityEvents: z.array(securityEvent),
  knownDevices: z.array(device),
  signInFailures: z.array(signInFailure),
  emails: z.array(email),
  identityVerifications: z.array(identityVerification),
  supportConversations: z.array(supportConversation),
  performanceHistory: z.array(performance),
  proofOfLiabilities: z.object({ accountNonce: z.string().nullable(), rounds: z.array(liabilityMembership) }),
  closure: closure.nullable(),
  retentionActions: z.array(retentionAction),
  erasureRequests: z.array(erasureRequest),
  files: z.array(exportedFile),
};

export const dataExportV1 = z
  .object({
    format: z.literal('atlas-invest-data-export'),
    version: z.literal(1),
    generatedAt: instant,
    profile,
    balances: z.array(balance),
    ledger: z.array(ledgerLine),
    investments: z.array(investment),
    deposits: z.array(deposit),
    withdrawals: z.array(withdrawal),
    transfers: z.array(transfer),
    sessions: z.array(session),
    securityEvents: z.array(securityEvent),
    knownDevices: z.array(device),
    signInFailures: z.array(signInFailure),
    emails: z.array(email),
    identityVerifications: z.array(identityVerification),
    supportConversations: z.array(supportConversation),
    performanceHistory: z.array(performance),
    proofOfLiabilities: z.object({ accountNonce: z.string().nullable(), rounds: z.array(liabilityMembership) }),
    closure: closure.nullable(),
    retentionActions: z.array(retentionAction),
    erasureRequests: z.array(erasureRequest),
    files: z.array(exportedFile),
  })
  .meta({
    $id: 'https://atlas-invest.example/api/schemas/data-export/v1.json',
    title: 'Atlas Invest data export, version 1',
  });

const coin = z.string().describe('BTC, LTC, USDT_TRC20 or SOL');
const coinAmount = z.string().describe('in coins, a decimal string with up to 8 decimals');
const rate = z.string().describe('USD per coin at confirmation, a decimal string');

/** A payment on chain that became this deposit (decision 059): the evidence it was credited from. */
const chainEvidence = z.object({
  coin,
  txid: z.string(),
  vout: z.number().int(),
  coinAmount,
  rate,
  rateAt: instant,
});
const depositV2 = deposit.extend({ chain: chainEvidence.nullable() });
/** The transaction that paid a withdrawal (decision 057), as the operator recorded it. */
const payout = z.object({
  txid: z.string(),
  verified: z.boolean().describe('checked on chain by the server'),
  coinAmount: coinAmount.nullable(),
  confirmations: z.number().int().nullable(),
});
const withdrawalV2 = withdrawal.extend({ payout: payout.nullable() });
/** An address given to the person for their deposits (decision 044). */
const depositAddress = z.object({ coin, address: z.string(), givenAt: instant });
/** An address the person registered to pay USDT (TRC-20) or SOL from (decision 063). */
const sendingAddress = z.object({ coin, address: z.string(), registeredAt: instant });
/** A payment to one of those addresses as the chain watcher recorded it (decisions 055 and 059). */
const chainPayment = z.object({
  coin,
  txid: z.string(),
  vout: z.number().int(),
  address: z.string(),
  coinAmount,
  state: z.enum(['seen', 'in_block', 'confirmed', 'orphaned']),
  blockHash: z.string().nullable(),
  blockHeight: z.number().int().nullable(),
  confirmations: z.number().int(),
  firstSeenAt: instant,
  confirmedAt: nullableInstant,
  orphanedAt: nullableInstant,
  creditedAt: nullableInstant,
  depositId: z.string().nullable().describe('the deposit it became (deposits[].id)'),
  refund: z
    .object({
      reason: z.enum(['below_minimum', 'closing', 'rejected']),
      worthCents: cents.nullable(),
      rate: rate.nullable(),
      raisedAt: nullableInstant,
      txid: z.string().nullable().describe('the transaction that sent it back'),
      refundedAt: nullableInstant,
    })
    .nullable(),
});

/**
 * Version 2 (issue 45, point 7): version 1 with the deposits on chain. Each deposit carries the
 * payment it came from, each withdrawal the transaction that paid it, and two new sections list
 * the person's deposit addresses and every payment to them the watcher recorded.
 */
export const dataExportV2 = z
  .object({
    ...sectionsV1,
    version: z.literal(2),
    deposits: z.array(depositV2),
    withdrawals: z.array(withdrawalV2),
    depositAddresses: z.array(depositAddress),
    sendingAddresses: z.array(sendingAddress),
    chainPayments: z.array(chainPayment),
  })
  .meta({
    $id: 'https://atlas-invest.example/api/schemas/data-export/v2.json',
    title: 'Atlas Invest data export, version 2',
  });
export type DataExportV2 = z.infer<typeof dataExportV2>;

/** The JSON Schema of data.json (draft 2020-12): version 1, or version 2, the one exports are built in. */
export function dataExportJsonSchema(version: 1 | 2 = 1): Record<string, unknown> {
  return z.toJSONSchema(version === 1 ? dataExportV1 : dataExportV2, { target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
}

/** POST /api/data-export: the password again, and the authenticator's code when two-factor is on. */
/** Re-authentication before a sensitive step (an export, a closure): the password, and the authenticator's code when two-factor is on. */
export const reauthBody = z.object({
  password: z.string().max(1000),
  code: z.string().max(40).optional(),
});

export const dataExportStatus = z.enum(['queued', 'building', 'ready', 'failed', 'expired']);

/** GET /api/data-export: the newest export of the signed-in person (or null), with its link when ready. */
export const dataExportView = z.object({
  id: z.string(),
  status: dataExportStatus,
  progress: z.number().int().min(0).max(100),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** A link signed for this export and this person, valid until expiresAt. */
  downloadUrl: z.string().nullable(),
});
export type DataExportView = z.infer<typeof dataExportView>;
export const dataExportResponse = z.object({ export: dataExportView.nullable() });
export type DataExportResponse = z.infer<typeof dataExportResponse>;
