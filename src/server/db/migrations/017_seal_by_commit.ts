import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/** Added to the seal: where its range of commits ends (PostgreSQL; decision 022). */
export interface SealRangeColumn {
  /** The commit horizon the seal covers up to (exclusive), an xid8 as text; null on SQLite and for stamped seals. */
  upto_xid: string | null;
}

/**
 * PostgreSQL seals rows by the transaction that wrote them instead of stamping each row after the
 * fact (decision 022). Every sealed row carries `commit_xid`, its writer's transaction id (64-bit,
 * never wraps), filled by a default, so the money path writes nothing more than before; a seal
 * covers the rows whose writer finished below a horizon no running transaction is under. The stamp
 * updates (a second write of every journal row, all its indexes included) and the partial indexes of
 * unstamped rows, which would now hold every row, go. Rows stamped before stay stamped and verified
 * as they were; rows not sealed yet get this migration's id and are sealed by the first seal after it.
 * SQLite keeps stamps for journal and audit rows and the watermark of entries; the partial index of
 * unstamped entries, which held every entry, goes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('ledger_seal').addColumn('upto_xid', 'text').execute();
  if (dialect !== 'postgres') {
    // SQLite seals entries by their id, never by a stamp: this index held every entry, and every
    // transfer paid for two insertions into it.
    await db.schema.dropIndex('ledger_entry_unsealed').execute();
    return;
  }
  for (const table of ['ledger_tx', 'ledger_entry', 'audit_log']) {
    await sql
      .raw(
        `alter table ${table} add column commit_xid xid8;
         update ${table} set commit_xid = pg_current_xact_id() where seal_no is null;
         alter table ${table} alter column commit_xid set default pg_current_xact_id();
         drop index ${table}_unsealed;
         create index ${table}_commit on ${table} (commit_xid);`,
      )
      .execute(db);
  }
}
