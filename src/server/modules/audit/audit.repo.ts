import type { Queryable } from '../ledger/ledger.repo';
import type { Database } from '../../db/schema';

export type AuditRow = Database['audit_log'];

export async function insertAudit(q: Queryable, row: AuditRow): Promise<void> {
  await q.insertInto('audit_log').values(row).execute();
}
