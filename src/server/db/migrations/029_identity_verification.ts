import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import type { RequestStageColumns } from './009_dual_control';
import type { RequestVersionColumns } from './025_request_versions';

/**
 * Identity verification (issue 26, items 1 and 3; decision 036). One row per submission: the
 * document's type, number and expiry, the paths of its four images in the proof store (front,
 * back, a selfie holding it, a proof of address), the operator's decision with a catalogue reason,
 * dual control's first approval, and versions (a resubmission is a new row pointing at the rejected
 * one, as for deposits and withdrawals). Fingerprints are keyed by file path: a resubmission may
 * keep a file of the rejected version, which is then the same file, not a re-use.
 */
export interface IdentityTables {
  identity_verification: {
    id: string;
    user_id: string;
    /** pending, verified or rejected; "none" is the absence of a row. */
    status: 'pending' | 'verified' | 'rejected';
    document_type: string;
    document_number: string;
    /** YYYY-MM-DD. */
    document_expiry: string;
    front_path: string;
    /** Null for a passport, which has no back. */
    back_path: string | null;
    selfie_path: string;
    address_path: string;
    created_at: string;
    processed_at: string | null;
    processed_by: string | null;
  } & RequestStageColumns &
    RequestVersionColumns;
  identity_fingerprint: {
    path: string;
    user_id: string;
    verification_id: string;
    slot: string;
    pixel_sha256: string;
    dhash: string;
    created_at: string;
  };
  /** A file found to be the same image (exact) or nearly (near) as another person's; one row per direction. */
  identity_match: { path: string; other_path: string; kind: 'exact' | 'near'; distance: number };
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('identity_verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_profile.user_id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('document_number', 'text', (c) => c.notNull())
    .addColumn('document_expiry', 'text', (c) => c.notNull())
    .addColumn('front_path', 'text', (c) => c.notNull())
    .addColumn('back_path', 'text')
    .addColumn('selfie_path', 'text', (c) => c.notNull())
    .addColumn('address_path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .addColumn('processed_by', 'text')
    .addColumn('first_approved_by', 'text')
    .addColumn('first_approved_at', 'text')
    .addColumn('reason_code', 'text')
    .addColumn('reason_retryable', 'integer')
    .addColumn('internal_note', 'text')
    .addColumn('previous_id', 'text')
    .addColumn('root_id', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('identity_verification_user')
    .on('identity_verification')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('identity_verification_queue')
    .on('identity_verification')
    .columns(['status', 'created_at'])
    .execute();
  // One next version per rejected submission, whatever races.
  await db.schema
    .createIndex('identity_verification_previous')
    .on('identity_verification')
    .column('previous_id')
    .unique()
    .execute();

  await db.schema
    .createTable('identity_fingerprint')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('verification_id', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('pixel_sha256', 'text', (c) => c.notNull())
    .addColumn('dhash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('identity_fingerprint_pixels')
    .on('identity_fingerprint')
    .column('pixel_sha256')
    .execute();

  await db.schema
    .createTable('identity_match')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('other_path', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('distance', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('identity_match_pk', ['path', 'other_path'])
    .execute();
}
