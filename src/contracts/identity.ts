import { z } from 'zod';
import { identityDocumentTypes, identitySlots } from '../core/identity';
import { investorReasonCodes, rejectionReasonCodes } from '../core/rejection-reasons';
import { approvalStage } from './cashier';
import { text } from './text';

/** A submission's state: "none" is no submission at all. */
export const identityStatus = z.enum(['pending', 'verified', 'rejected']);

/**
 * The investor's identity verification: its state, the latest submission's details, the catalogue's
 * reason when it was rejected (final compliance reasons as `request_declined`), whether "Corriger"
 * is offered, and what a correction may keep (the rejected version's files, by slot).
 */
export const identityState = z.object({
  status: z.enum(['none', 'pending', 'verified', 'rejected']),
  maxVersions: z.number().int(),
  current: z
    .object({
      id: z.string(),
      version: z.number().int(),
      documentType: z.enum(identityDocumentTypes),
      documentNumber: z.string(),
      documentExpiry: z.string(),
      createdAt: z.string(),
      processedAt: z.string().nullable(),
      rejection: z.object({ reason: z.enum(investorReasonCodes), canCorrect: z.boolean() }).nullable(),
      /** The slots that hold a file; a correction that sends no new file for one keeps it. */
      files: z.array(z.enum(identitySlots)),
      /** Sent while an earlier verification was on file (a renewal, or its correction). */
      renewal: z.boolean(),
    })
    .nullable(),
  /**
   * The verification on file (the latest verified one), which a renewal pending or rejected leaves in
   * place: its document's expiry, whether it has expired (the tier then drops) or expires within
   * RENEWAL_WINDOW_DAYS (the profile warns), read on the server's clock.
   */
  onFile: z
    .object({
      id: z.string(),
      documentType: z.enum(identityDocumentTypes),
      documentExpiry: z.string(),
      processedAt: z.string(),
      expired: z.boolean(),
      expiresSoon: z.boolean(),
    })
    .nullable(),
  /** A renewal may be sent now: the latest submission is verified and its document expires soon or has. */
  canRenew: z.boolean(),
});
export type IdentityState = z.infer<typeof identityState>;

/** Another person's file that is the same image as one of this submission's (exact pixels or nearly). */
export const identityMatch = z.object({
  slot: z.enum(identitySlots),
  otherSlot: z.enum(identitySlots),
  kind: z.enum(['exact', 'near']),
  distance: z.number().int(),
  verificationId: z.string(),
  createdAt: z.string(),
  user: z.object({ id: z.string(), fullName: z.string(), uid: z.string() }),
});

export const adminIdentitySchema = z.object({
  id: z.string(),
  status: identityStatus,
  documentType: z.enum(identityDocumentTypes),
  documentNumber: z.string(),
  documentExpiry: z.string(),
  /** The document's expiry date has passed (today, UTC): it cannot be verified. */
  expired: z.boolean(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  processedBy: z.string().nullable(),
  files: z.array(z.enum(identitySlots)),
  user: z.object({ id: z.string(), fullName: z.string(), email: z.string(), uid: z.string(), birthDate: z.string() }),
  reason: z.enum(rejectionReasonCodes).nullable(),
  internalNote: z.string().nullable(),
  version: z.number().int(),
  previousId: z.string().nullable(),
  versions: z.array(
    z.object({
      id: z.string(),
      version: z.number().int(),
      status: identityStatus,
      reason: z.enum(rejectionReasonCodes).nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Sent while an earlier verification of the person was on file: it renews that one. */
  renewal: z.boolean(),
  /** The person's earlier submissions (other chains), oldest first: when sent and decided, the document's expiry. */
  history: z.array(
    z.object({
      id: z.string(),
      status: identityStatus,
      documentType: z.enum(identityDocumentTypes),
      documentExpiry: z.string(),
      reason: z.enum(rejectionReasonCodes).nullable(),
      createdAt: z.string(),
      processedAt: z.string().nullable(),
    }),
  ),
  stage: approvalStage,
  needsSecondApproval: z.boolean(),
  firstApproval: z.object({ by: z.string(), name: z.string(), email: z.string(), at: z.string() }).nullable(),
  own: z.boolean(),
  sameImageAs: z.array(identityMatch),
});
export type AdminIdentity = z.infer<typeof adminIdentitySchema>;

export const identityQueueQuery = z.object({
  status: identityStatus.optional(),
  /** `me`: verifications awaiting a second approval that this operator may give. */
  waiting: z.enum(['me']).optional(),
  cursor: text(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminIdentitiesResponse = z.object({
  items: z.array(adminIdentitySchema),
  nextCursor: z.string().nullable(),
});
export type AdminIdentitiesPage = z.infer<typeof adminIdentitiesResponse>;

export const identityDecisionResponse = z.object({
  ok: z.literal(true),
  stage: z.enum(['awaiting_second', 'verified', 'rejected']),
});
export type IdentityDecision = z.infer<typeof identityDecisionResponse>;

/** Signed links (valid 3600 s) to the submission's images, by slot. */
export const identityFilesResponse = z.object({
  expiresAt: z.string(),
  files: z.array(z.object({ slot: z.enum(identitySlots), url: z.string() })),
});
export type IdentityFiles = z.infer<typeof identityFilesResponse>;
