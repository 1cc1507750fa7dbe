import { sql, type Kysely } from 'kysely';
import { searchTerms } from '../../../core/search-key';
import type { Dialect } from '../dialect';

export interface BackOfficeTables {
  /**
   * The operators' user search: one row per searchable term of a user (UID, e-mail, username,
   * full name, last name), each normalized (lower case, accents removed), so that a prefix search
   * is one range scan of an index on both databases.
   */
  user_search_term: { term: string; user_id: string };
  /** The fingerprints of a deposit's proof: an exact hash of its decoded pixels and a 64-bit dHash. */
  proof_fingerprint: { deposit_id: string; user_id: string; pixel_sha256: string; dhash: string; created_at: string };
  /** A proof found to be the same image (exact) or nearly (near) as another deposit's proof; one row per direction. */
  proof_match: { deposit_id: string; other_deposit_id: string; kind: 'exact' | 'near'; distance: number };
  /** An operator's request to verify the ledger now; a leased job runs it and records a verification_run. */
  verification_request: {
    id: string;
    kind: string;
    requested_by: string;
    requested_at: string;
    done_at: string | null;
    run_id: string | null;
  };
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // "C" collation on PostgreSQL: the prefix range (term >= q and term < q || U+FFFF) compares code points, as on SQLite.
  await db.schema
    .createTable('user_search_term')
    .addColumn('term', dialect === 'postgres' ? sql`text collate "C"` : 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_profile.user_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_search_term_pk', ['term', 'user_id'])
    .execute();
  await db.schema.createIndex('user_search_term_user').on('user_search_term').columns(['user_id', 'term']).execute();
  const profiles = await db
    .selectFrom('user_profile')
    .select(['user_id', 'uid', 'email', 'username', 'full_name', 'last_name'])
    .execute();
  const rows = (
    profiles as Array<{
      user_id: string;
      uid: string;
      email: string;
      username: string;
      full_name: string;
      last_name: string;
    }>
  ).flatMap((p) =>
    searchTerms({ uid: p.uid, email: p.email, username: p.username, fullName: p.full_name, lastName: p.last_name }).map(
      (term) => ({ term, user_id: p.user_id }),
    ),
  );
  // In batches: within the bound parameters of both databases.
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('user_search_term')
      .values(rows.slice(i, i + 1000))
      .execute();

  await db.schema
    .createTable('proof_fingerprint')
    .addColumn('deposit_id', 'text', (c) => c.primaryKey().references('deposit_request.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('pixel_sha256', 'text', (c) => c.notNull())
    .addColumn('dhash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('proof_fingerprint_pixels').on('proof_fingerprint').column('pixel_sha256').execute();

  await db.schema
    .createTable('proof_match')
    .addColumn('deposit_id', 'text', (c) => c.notNull())
    .addColumn('other_deposit_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('distance', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('proof_match_pk', ['deposit_id', 'other_deposit_id'])
    .execute();

  await db.schema
    .createTable('verification_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .addColumn('run_id', 'text')
    .execute();
  await db.schema
    .createIndex('verification_request_open')
    .on('verification_request')
    .columns(['done_at', 'requested_at'])
    .execute();

  // The overview: today's decisions, and the liabilities summed by account kind from an index alone.
  await db.schema
    .createIndex('deposit_request_decided')
    .on('deposit_request')
    .columns(['status', 'processed_at', 'amount_cents'])
    .execute();
  await db.schema
    .createIndex('withdrawal_request_decided')
    .on('withdrawal_request')
    .columns(['status', 'processed_at', 'amount_cents'])
    .execute();
  await db.schema
    .createIndex('ledger_account_kind_balance')
    .on('ledger_account')
    .columns(['kind', 'balance_cents'])
    .execute();
}
