import type { Queryable } from '../ledger/ledger.repo';
import type { Database } from '../../db/schema';

export type AuditRow = Database['audit_log'];

export async function insertAudit(q: Queryable, row: AuditRow): Promise<void> {
  await q.insertInto('audit_log').values(row).execute();
}

/** Newest first; the operators' and the tests' view of the trail. */
export async function auditOf(
  q: Queryable,
  filter: { targetType?: string; targetId?: string; action?: string; limit: number },
) {
  let query = q.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(filter.limit);
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.action) query = query.where('action', '=', filter.action);
  return query.execute();
}
