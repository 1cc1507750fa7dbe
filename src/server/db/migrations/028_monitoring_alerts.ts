import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

export interface MonitoringTables {
  /**
   * An alert for operators (decision 035), never shown to the investor. One row per (rule, user,
   * window): the unique key is what makes a rule raise once however often the job runs. `evidence`
   * is JSON: the thresholds the rule used and the facts that tripped it.
   */
  monitoring_alert: {
    id: string;
    rule: string;
    user_id: string;
    window_key: string;
    tripped_at: string;
    raised_at: string;
    evidence: string;
    status: 'open' | 'resolved';
    resolved_at: string | null;
    resolved_by: string | null;
    resolution_note: string | null;
  };
  /**
   * How far the monitoring job has read the journal: on SQLite the highest ledger entry id (one
   * writer, ids become visible in order), on PostgreSQL a commit horizon (decision 022).
   */
  monitoring_watermark: {
    name: string;
    upto_entry: number | null;
    upto_xid: string | null;
    updated_at: string;
  };
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('monitoring_alert')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_profile.user_id'))
    .addColumn('window_key', 'text', (c) => c.notNull())
    .addColumn('tripped_at', 'text', (c) => c.notNull())
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .addColumn('evidence', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('resolution_note', 'text')
    .addCheckConstraint('monitoring_alert_status', sql`status in ('open', 'resolved')`)
    .execute();
  await db.schema
    .createIndex('monitoring_alert_window')
    .on('monitoring_alert')
    .columns(['rule', 'user_id', 'window_key'])
    .unique()
    .execute();
  // The operators' list: one status, oldest first.
  await db.schema
    .createIndex('monitoring_alert_status_age')
    .on('monitoring_alert')
    .columns(['status', 'tripped_at', 'id'])
    .execute();

  await db.schema
    .createTable('monitoring_watermark')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('upto_entry', 'bigint')
    .addColumn('upto_xid', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Alerts start from the upgrade: the journal written before it is not replayed.
  const now = new Date().toISOString();
  if (dialect === 'postgres')
    await sql`insert into monitoring_watermark (name, upto_xid, updated_at)
      values ('alerts', pg_current_xact_id()::text, ${now})`.execute(db);
  else
    await sql`insert into monitoring_watermark (name, upto_entry, updated_at)
      values ('alerts', (select coalesce(max(id), 0) from ledger_entry), ${now})`.execute(db);
}
