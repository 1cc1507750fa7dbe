import { DomainError } from '../../../core/errors';
import { timeOrderedId } from '../../../core/ids';
import {
  identityDocumentTypes,
  expiresSoon,
  identitySlots,
  isExpired,
  isRenewable,
  needsBack,
  normalizeDocumentNumber,
  requiredSlots,
  type IdentityDocumentType,
  type IdentitySlot,
} from '../../../core/identity';
import type { IdentityState } from '../../../contracts/identity';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { hitCounter } from '../accounts/ratelimit.repo';
import { sameImages, type ImageIndex } from '../backoffice/proof-match';
import { lockRequestsOf } from '../cashier/cashier.repo';
import { correctionOf, rejectionOf } from '../cashier/versions';
import type { Notifier } from '../notifier';
import { fingerprintImage } from '../storage/fingerprint';
import { inspectAndNormalizeImage, MAX_PROOF_BYTES } from '../storage/image';
import type { ProofStore } from '../storage/proof-store';
import * as repo from './identity.repo';
import type { IdentityRow } from './identity.repo';
import type { Queryable } from '../ledger/ledger.repo';

/** What the form sent: the document's fields as typed, a file per slot, and the rejected version it corrects. */
export interface IdentityUpload {
  documentType?: string;
  documentNumber?: string;
  documentExpiry?: string;
  previousId?: string;
  files: Partial<Record<IdentitySlot, Buffer>>;
}

const HOUR = 3_600_000;
const pathColumn = { front: 'front_path', back: 'back_path', selfie: 'selfie_path', address: 'address_path' } as const;

/** The slots of a submission that hold a file. */
export function filesOf(row: Pick<IdentityRow, 'front_path' | 'back_path' | 'selfie_path' | 'address_path'>) {
  return identitySlots.filter((slot) => row[pathColumn[slot]] !== null);
}

export function pathOf(row: IdentityRow, slot: IdentitySlot): string | null {
  return row[pathColumn[slot]];
}

const invalid = (path: string, code: string) =>
  new DomainError('validation_failed', { fields: [{ path: `body.${path}`, code }] });

/** The document's fields, read and checked: an expired document is refused with its own code. */
function readDocument(upload: IdentityUpload, now: Date) {
  const type = upload.documentType as IdentityDocumentType;
  if (!identityDocumentTypes.includes(type)) throw invalid('documentType', 'invalid_enum_value');
  const number = normalizeDocumentNumber(upload.documentNumber ?? '');
  if (!number) throw invalid('documentNumber', 'invalid_document_number');
  const expiry = upload.documentExpiry ?? '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(expiry);
  const date = day ? new Date(`${expiry}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== expiry)
    throw invalid('documentExpiry', 'invalid_date');
  if (isExpired(expiry, now)) throw new DomainError('identity_document_expired', { expiry });
  return { type, number, expiry };
}

/**
 * Identity verification, the investor's side (issue 26, item 1; decision 036): the state of their
 * latest submission and the submission itself, its four images stored exactly as deposit proofs are
 * (magic bytes, re-encoded without metadata, signed links for operators, fingerprints compared with
 * everybody else's). A person has one chain: a first submission, then only corrections of a
 * rejected version whose reason allows it, up to CORRECTION_MAX_VERSIONS.
 */
export function createIdentityService(
  ctx: AppContext,
  { notifier, proofs: store }: { notifier: Notifier; proofs: ProofStore },
) {
  const { db, clock, config } = ctx;
  const maxVersions = config.limits.correctionMaxVersions;

  /** The latest submission and the verification on file; whether the former was sent while one was on file. */
  async function stateOf(q: Queryable, userId: string, now: Date): Promise<IdentityState> {
    const [latest, onFile] = await Promise.all([repo.latestOf(q, userId), repo.currentVerifiedOf(q, userId)]);
    const renewal = latest ? await repo.verifiedBefore(q, userId, latest.created_at) : false;
    return toState(latest, onFile, renewal, now);
  }

  function toState(
    row: IdentityRow | undefined,
    onFile: IdentityRow | undefined,
    renewal: boolean,
    now: Date,
  ): IdentityState {
    const kept = onFile && {
      id: onFile.id,
      documentType: onFile.document_type as IdentityDocumentType,
      documentExpiry: onFile.document_expiry,
      processedAt: onFile.processed_at ?? onFile.created_at,
      expired: isExpired(onFile.document_expiry, now),
      expiresSoon: expiresSoon(onFile.document_expiry, now),
    };
    if (!row) return { status: 'none', maxVersions, current: null, onFile: null, canRenew: false };
    return {
      status: row.status,
      maxVersions,
      current: {
        id: row.id,
        version: row.version,
        documentType: row.document_type as IdentityDocumentType,
        documentNumber: row.document_number,
        documentExpiry: row.document_expiry,
        createdAt: row.created_at,
        processedAt: row.processed_at,
        // The latest version has no next one by construction.
        rejection: rejectionOf(row, { corrected: new Set(), maxVersions }),
        files: filesOf(row),
        renewal,
      },
      onFile: kept ?? null,
      canRenew: row.status === 'verified' && isRenewable(row.document_expiry, now),
    };
  }

  /**
   * Who may submit now: nobody with a submission pending; a verified person only to renew a document
   * that expires within RENEWAL_WINDOW_DAYS or has expired (the verification stays on file meanwhile);
   * after a rejection, only its correction.
   */
  function checkOpen(latest: IdentityRow | undefined, previousId: string | undefined, now: Date) {
    if (latest?.status === 'pending') throw new DomainError('identity_pending');
    if (latest?.status === 'verified') {
      if (!isRenewable(latest.document_expiry, now)) throw new DomainError('identity_already_verified');
      if (previousId) throw new DomainError('correction_not_allowed');
      return;
    }
    if (latest && !previousId) throw new DomainError('correction_required');
  }

  /** Fingerprints a new file and records other people's files that are the same image. */
  async function fingerprint(row: IdentityRow, slot: IdentitySlot, bytes: Buffer) {
    const path = pathOf(row, slot)!;
    const fp = await fingerprintImage(bytes);
    const index: ImageIndex = {
      samePixels: (sha, limit) => repo.samePixelsOfOthers(db, sha, row.user_id, limit),
      dhashes: () => repo.dhashesOfOthers(db, row.user_id),
      bytesOf: (other) => store.get(other),
    };
    await repo.saveIdentityFingerprint(
      db,
      {
        path,
        user_id: row.user_id,
        verification_id: row.id,
        slot,
        pixel_sha256: fp.pixelSha256,
        dhash: fp.dhash,
        created_at: row.created_at,
      },
      await sameImages(index, path, bytes, fp),
    );
  }

  return {
    async state(userId: string): Promise<IdentityState> {
      return stateOf(db, userId, clock.now());
    },

    async submit(userId: string, upload: IdentityUpload): Promise<IdentityState> {
      const doc = readDocument(upload, clock.now());
      const { previousId } = upload;
      const latest = await repo.latestOf(db, userId);
      // Refused before any image is decoded; decided for sure in the filing transaction below.
      checkOpen(latest, previousId, clock.now());
      const previous = previousId ? latest : undefined;
      if (previousId) await correctionOf(db, 'identity_verification', userId, previousId, maxVersions);
      // A correction keeps each file of the rejected version it sends no new one for.
      const slots = requiredSlots(doc.type);
      for (const slot of slots) {
        const bytes = upload.files[slot];
        if (bytes && bytes.length > MAX_PROOF_BYTES) throw new DomainError('file_too_large');
        if (!bytes?.length && !(previous && previous.id === previousId && pathOf(previous, slot)))
          throw new DomainError(bytes ? 'file_not_image' : 'identity_file_required', { slot });
      }
      if (
        (await hitCounter(db, `identity_upload:user:${userId}`, clock.now(), HOUR)) > config.limits.proofUploadsPerHour
      )
        throw new DomainError('rate_limited');
      const images = new Map<IdentitySlot, Awaited<ReturnType<typeof inspectAndNormalizeImage>>>();
      for (const slot of slots) {
        const bytes = upload.files[slot];
        if (bytes?.length) images.set(slot, await inspectAndNormalizeImage(bytes));
      }
      const now = clock.now();
      const stored: string[] = [];
      const id = timeOrderedId();
      const paths: Record<IdentitySlot, string | null> = { front: null, back: null, selfie: null, address: null };
      try {
        for (const slot of slots) {
          const image = images.get(slot);
          if (image) {
            paths[slot] = await store.put(userId, image.bytes, image.ext, now);
            stored.push(paths[slot]!);
          } else paths[slot] = pathOf(previous!, slot);
        }
        const row: IdentityRow = {
          id,
          user_id: userId,
          status: 'pending',
          document_type: doc.type,
          document_number: doc.number,
          document_expiry: doc.expiry,
          front_path: paths.front!,
          back_path: needsBack(doc.type) ? paths.back : null,
          selfie_path: paths.selfie!,
          address_path: paths.address!,
          created_at: now.toISOString(),
          processed_at: null,
          processed_by: null,
          first_approved_by: null,
          first_approved_at: null,
          reason_code: null,
          reason_retryable: null,
          internal_note: null,
          previous_id: null,
          root_id: id,
          version: 1,
        };
        // With the person's filings serialized, the open check and the correction's are decided
        // again where nothing races (two at once: the second finds the first); previous_id is unique.
        const state = await db.transaction().execute(async (trx) => {
          await lockRequestsOf(trx, userId);
          checkOpen(await repo.latestOf(trx, userId), previousId, now);
          if (previousId)
            Object.assign(row, await correctionOf(trx, 'identity_verification', userId, previousId, maxVersions));
          await repo.insertVerification(trx, row);
          return stateOf(trx, userId, now);
        });
        // Re-use across people; a failure here never loses the submission, it only goes unchecked.
        for (const [slot, image] of images) await fingerprint(row, slot, image.bytes).catch(() => {});
        notifier.requestChanged(userId, 'identity');
        return state;
      } catch (err) {
        for (const path of stored) await store.delete(path).catch(() => {});
        if (previousId && isUniqueViolation(err)) throw new DomainError('correction_superseded');
        throw err;
      }
    },
  };
}
