/**
 * Why an operator rejects a request: a closed catalogue of stable codes (issue 26, item 4). Each
 * code says which reviews may use it, whether the person can fix and resend the request
 * (`retryable`), and whether it is a final compliance decision. The texts are in
 * `rejection-texts.ts`, one source for the web app and the e-mails.
 *
 * A final compliance reason is never shown by its code: the person sees `request_declined` and
 * one neutral text, the same for every final reason, so that nothing tells them what was checked.
 */

/** The reviews that use the catalogue: money requests and identity verifications (decision 036). */
export type ReviewKind = 'deposit' | 'withdrawal' | 'identity';

export interface ReasonSpec {
  appliesTo: readonly ReviewKind[];
  /** The person may correct the request and send it again as its next version. */
  retryable: boolean;
  /** A compliance decision: shown to the person only as the neutral `request_declined`. */
  final: boolean;
}

const both = ['deposit', 'withdrawal'] as const;
const all = ['deposit', 'withdrawal', 'identity'] as const;
const identity = ['identity'] as const;

export const rejectionReasons = {
  proof_unreadable: { appliesTo: ['deposit'], retryable: true, final: false },
  amount_mismatch: { appliesTo: ['deposit'], retryable: true, final: false },
  proof_incomplete: { appliesTo: ['deposit'], retryable: true, final: false },
  proof_reused: { appliesTo: ['deposit'], retryable: true, final: false },
  funds_not_received: { appliesTo: ['deposit'], retryable: true, final: false },
  wrong_network: { appliesTo: both, retryable: true, final: false },
  address_invalid: { appliesTo: ['withdrawal'], retryable: true, final: false },
  duplicate_request: { appliesTo: both, retryable: false, final: false },
  identity_document_unreadable: { appliesTo: identity, retryable: true, final: false },
  identity_document_expired: { appliesTo: identity, retryable: true, final: false },
  identity_document_incomplete: { appliesTo: identity, retryable: true, final: false },
  identity_document_not_accepted: { appliesTo: identity, retryable: true, final: false },
  identity_details_mismatch: { appliesTo: identity, retryable: true, final: false },
  identity_selfie_mismatch: { appliesTo: identity, retryable: true, final: false },
  identity_address_too_old: { appliesTo: identity, retryable: true, final: false },
  identity_address_name_mismatch: { appliesTo: identity, retryable: true, final: false },
  compliance_screening: { appliesTo: all, retryable: false, final: true },
  compliance_source_of_funds: { appliesTo: both, retryable: false, final: true },
  compliance_document_fraud: { appliesTo: identity, retryable: false, final: true },
  compliance_other: { appliesTo: all, retryable: false, final: true },
} as const satisfies Record<string, ReasonSpec>;

export type RejectionReason = keyof typeof rejectionReasons;

export const rejectionReasonCodes = Object.keys(rejectionReasons) as [RejectionReason, ...RejectionReason[]];

type FinalReason = {
  [K in RejectionReason]: (typeof rejectionReasons)[K]['final'] extends true ? K : never;
}[RejectionReason];

/** What the person is told: the code itself, or `request_declined` for every final compliance reason. */
export type InvestorReason = Exclude<RejectionReason, FinalReason> | 'request_declined';

export const investorReasonCodes = [
  ...rejectionReasonCodes.filter((code) => !rejectionReasons[code].final),
  'request_declined',
] as unknown as [InvestorReason, ...InvestorReason[]];

export function isRejectionReason(value: unknown): value is RejectionReason {
  return typeof value === 'string' && Object.hasOwn(rejectionReasons, value);
}

export function investorReason(code: RejectionReason): InvestorReason {
  return rejectionReasons[code].final ? 'request_declined' : (code as InvestorReason);
}

/** The codes an operator may choose for one kind of review, in catalogue order. */
export function reasonsFor(kind: ReviewKind): RejectionReason[] {
  return rejectionReasonCodes.filter((code) => (rejectionReasons[code].appliesTo as readonly string[]).includes(kind));
}

/** The values a reason's text may name: the request's amount (formatted), coin and address. */
export type ReasonParams = Partial<Record<'amount' | 'crypto' | 'address', string>>;

/** Fills `{{name}}` placeholders; one the request lacks stays visible rather than silently vanishing. */
export function fillReason(text: string, params: ReasonParams): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => params[name as keyof ReasonParams] ?? whole);
}
