import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/index';
import type { Queryable } from '../ledger/ledger.repo';

/**
 * Verifications on file whose document expires between `from` and `to` (YYYY-MM-DD, inclusive) and
 * whose person was not warned yet: not followed by a renewal pending or verified (one rejected
 * leaves the warning due), the account not closed.
 */
export async function dueExpiryWarnings(db: Db, from: string, to: string, limit: number) {
  return db
    .selectFrom('identity_verification as r')
    .innerJoin('user_profile as p', 'p.user_id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.document_expiry', 'p.email', 'p.locale'])
    .where('r.status', '=', 'verified')
    .where('r.expiry_warned_at', 'is', null)
    .where('r.document_expiry', '>=', from)
    .where('r.document_expiry', '<=', to)
    .where(
      sql<SqlBool>`not exists (select 1 from identity_verification n where n.user_id = r.user_id
        and n.created_at > r.created_at and n.status in ('pending', 'verified'))`,
    )
    .where(
      sql<SqlBool>`not exists (select 1 from account_closure c where c.user_id = r.user_id and c.state = 'closed')`,
    )
    .orderBy('r.document_expiry')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** Marks the warning as written, only if no one did: true for the one writer that may send it. */
export async function markExpiryWarned(trx: Queryable, id: string, at: string): Promise<boolean> {
  const res = await trx
    .updateTable('identity_verification')
    .set({ expiry_warned_at: at })
    .where('id', '=', id)
    .where('expiry_warned_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
