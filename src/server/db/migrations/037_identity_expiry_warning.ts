import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * When the person was warned that the document of a verification expires soon (issue 46, item 1;
 * decision 050). Set in the transaction that writes the e-mail, only where it was still null: the
 * warning goes once per document, whichever instance runs the job and however often it restarts.
 */
export interface IdentityExpiryWarnedColumn {
  expiry_warned_at: string | null;
}

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('identity_verification').addColumn('expiry_warned_at', 'text').execute();
}
