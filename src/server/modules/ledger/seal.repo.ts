import type { Db } from '../../db/index';
import type { Queryable, Trx } from './ledger.repo';

/** The hash chain's reads and writes (decision 015); seal.ts decides what to seal and how to hash it. */

export type Row = Record<string, unknown>;
export type SealedTable = 'ledger_tx' | 'ledger_entry' | 'audit_log';

/**
 * On SQLite, ledger entries are sealed by watermark instead of a stamp: one writer at a time, so
 * entry ids (an explicit INTEGER PRIMARY KEY AUTOINCREMENT, kept by VACUUM) become visible in
 * order and "above the last sealed id" is exactly "committed since". That spares two thirds of the
 * stamps. PostgreSQL allocates ids before commit, so it stamps every kind.
 */
export async function unsealedEntriesAbove(
  q: Queryable,
  columns: string[],
  upto: number,
  limit: number,
): Promise<Row[]> {
  return (await q
    .selectFrom('ledger_entry')
    .select(columns as never[])
    .where('id', '>', upto)
    .orderBy('id')
    .limit(limit)
    .execute()) as Row[];
}

export async function unsealed(
  q: Queryable,
  kind: SealedTable,
  columns: string[],
  order: string[],
  limit: number,
): Promise<Row[]> {
  let query = q
    .selectFrom(kind)
    .select(columns as never[])
    .where('seal_no', 'is', null);
  for (const c of order) query = query.orderBy(c as never);
  return (await query.limit(limit).execute()) as Row[];
}

export async function sealHead(q: Queryable) {
  return q.selectFrom('ledger_seal').selectAll().orderBy('no', 'desc').limit(1).executeTakeFirst();
}

export async function insertSeal(
  trx: Trx,
  seal: {
    no: number;
    prev_hash: string;
    hash: string;
    rows: number;
    sealed_at: string;
    items: string;
    upto_entry: number | null;
  },
): Promise<void> {
  await trx.insertInto('ledger_seal').values(seal).execute();
}

/** Stamps these rows with the seal's number, unless already stamped; how many it stamped. */
export async function stamp(trx: Trx, kind: SealedTable, no: number, ids: unknown[]): Promise<number> {
  const stamped = await trx
    .updateTable(kind)
    .set({ seal_no: no })
    .where('id', 'in', ids as never[])
    .where('seal_no', 'is', null)
    .executeTakeFirst();
  return Number(stamped.numUpdatedRows);
}

export async function allSeals(db: Db) {
  return db.selectFrom('ledger_seal').selectAll().orderBy('no').execute();
}

export async function allRows(db: Db, kind: SealedTable, columns: string[]): Promise<Row[]> {
  return (await db
    .selectFrom(kind)
    .select(columns as never[])
    .execute()) as Row[];
}
