import { createHash } from 'node:crypto';
import type { Clock } from '../../../core/clock';
import type { Db } from '../../db/index';
import type { Queryable, Trx } from './ledger.repo';

/**
 * The hash chain over the journal and the audit trail (decision 015). Each seal stamps the rows
 * committed since the previous one with its number, keeps each row's hash as an item, and hashes
 * its items together with the previous seal's hash. Rows are picked by "not stamped yet", never
 * by an id watermark: on PostgreSQL ids are allocated before commit and become visible out of
 * order, so a watermark could step over a row that commits late; a stamp cannot.
 */

export const GENESIS = '0'.repeat(64);
/** Rows per kind per seal: keeps each sealing transaction short beside the money path. */
const BATCH = 2000;

export type SealKind = 'ledger_tx' | 'ledger_entry' | 'audit_log';
export const sealKinds: SealKind[] = ['ledger_tx', 'ledger_entry', 'audit_log'];

/** The columns each kind is sealed by, in a fixed order (the stamp itself is not part of it). */
const columns: Record<SealKind, string[]> = {
  ledger_tx: ['id', 'type', 'user_id', 'idempotency_key', 'request_hash', 'response', 'ref_type', 'ref_id', 'created_by', 'created_at'],
  ledger_entry: ['id', 'tx_id', 'account_id', 'amount_cents'],
  audit_log: ['id', 'actor_id', 'action', 'target_type', 'target_id', 'before', 'after', 'at', 'ip', 'user_agent', 'result'],
};
/** The order rows take inside a seal. */
const order: Record<SealKind, string[]> = { ledger_tx: ['created_at', 'id'], ledger_entry: ['id'], audit_log: ['at', 'id'] };

type Row = Record<string, unknown>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Canonical serialization: the kind and every column as text (or null), in the fixed order; numbers alike on both dialects. */
export function rowHash(kind: SealKind, row: Row): string {
  return sha256(JSON.stringify([kind, ...columns[kind].map((c) => (row[c] === null || row[c] === undefined ? null : String(row[c])))]));
}

export interface SealItem {
  kind: string;
  row_key: string;
  row_hash: string;
}

export function sealHash(prevHash: string, no: number, sealedAt: string, items: SealItem[]): string {
  return sha256([prevHash, String(no), sealedAt, ...items.map((i) => `${i.kind}:${i.row_key}:${i.row_hash}`)].join('\n'));
}

async function unsealed(q: Queryable, kind: SealKind): Promise<Row[]> {
  let query = q.selectFrom(kind).select(columns[kind] as never[]).where('seal_no', 'is', null);
  for (const c of order[kind]) query = query.orderBy(c as never);
  return (await query.limit(BATCH).execute()) as Row[];
}

export async function sealHead(q: Queryable) {
  return q.selectFrom('ledger_seal').selectAll().orderBy('no', 'desc').limit(1).executeTakeFirst();
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** One seal over (at most a batch of) the rows not sealed yet; null when there was nothing to seal. */
export async function sealOnce(db: Db, clock: Clock): Promise<{ no: number; hash: string; rows: number } | null> {
  return db.transaction().execute(async (trx: Trx) => {
    const picked = await Promise.all(sealKinds.map(async (kind) => ({ kind, rows: await unsealed(trx, kind) })));
    const items: Array<SealItem & { pos: number }> = [];
    for (const { kind, rows } of picked) for (const row of rows) items.push({ pos: items.length, kind, row_key: String(row.id), row_hash: rowHash(kind, row) });
    if (items.length === 0) return null;
    const head = await sealHead(trx);
    const no = (head ? Number(head.no) : 0) + 1;
    const sealedAt = clock.now().toISOString();
    const hash = sealHash(head?.hash ?? GENESIS, no, sealedAt, items);
    // A second sealer racing for the same number fails on the primary key and rolls back whole.
    await trx.insertInto('ledger_seal').values({ no, prev_hash: head?.hash ?? GENESIS, hash, rows: items.length, sealed_at: sealedAt }).execute();
    for (const part of chunks(items, 500)) await trx.insertInto('ledger_seal_item').values(part.map((i) => ({ seal_no: no, ...i }))).execute();
    for (const { kind, rows } of picked) {
      for (const part of chunks(rows, 500)) {
        if (part.length > 0) await trx.updateTable(kind).set({ seal_no: no }).where('id', 'in', part.map((r) => r.id) as never[]).where('seal_no', 'is', null).execute();
      }
    }
    return { no, hash, rows: items.length };
  });
}

/** Seals everything committed so far, one short transaction per batch. */
export async function sealPending(db: Db, clock: Clock): Promise<number> {
  let seals = 0;
  while (await sealOnce(db, clock)) {
    seals += 1;
    // Lets the money path take the database between two batches.
    await new Promise((r) => setImmediate(r));
  }
  return seals;
}

const label: Record<string, string> = { ledger_tx: 'ledger transaction', ledger_entry: 'ledger entry', audit_log: 'audit row' };

/**
 * Recomputes every seal from its items and the chain from the first seal, then compares each
 * item with the row as it is now: names each row edited, deleted, inserted into a seal, or moved.
 */
export async function verifySeals(db: Db, opts: { expectHead?: string } = {}): Promise<{ seals: number; rows: number; unsealed: number; head: string | null; problems: string[] }> {
  const problems: string[] = [];
  const seals = await db.selectFrom('ledger_seal').selectAll().orderBy('no').execute();
  let prev = GENESIS;
  let sealedRows = 0;
  for (const [i, seal] of seals.entries()) {
    const no = Number(seal.no);
    if (no !== i + 1) problems.push(`seal ${i + 1} is missing (found seal ${no} in its place)`);
    if (seal.prev_hash !== prev) problems.push(`seal ${no}: its previous hash does not match seal ${no - 1} (the chain was broken or reordered)`);
    const items = await db.selectFrom('ledger_seal_item').select(['pos', 'kind', 'row_key', 'row_hash']).where('seal_no', '=', no).orderBy('pos').execute();
    if (items.length !== Number(seal.rows) || sealHash(seal.prev_hash, no, seal.sealed_at, items) !== seal.hash) problems.push(`seal ${no}: its items do not hash to the sealed value (the seal itself was altered)`);
    items.forEach((item, k) => {
      if (Number(item.pos) !== k) problems.push(`seal ${no}: item ${k} is out of place (reordered)`);
    });
    for (const kind of sealKinds) {
      const live = (await db.selectFrom(kind).select(columns[kind] as never[]).where('seal_no', '=', no).execute()) as Row[];
      const byKey = new Map(live.map((r) => [String(r.id), r]));
      const sealedOfKind = items.filter((it) => it.kind === kind);
      const seen = new Set<string>();
      let lastPos = -1;
      let ordered = true;
      for (const item of sealedOfKind) {
        seen.add(item.row_key);
        const row = byKey.get(item.row_key);
        if (!row) {
          const moved = await db.selectFrom(kind).select('seal_no').where('id', '=', (kind === 'ledger_entry' ? Number(item.row_key) : item.row_key) as never).executeTakeFirst();
          problems.push(moved ? `${label[kind]} ${item.row_key}: sealed in seal ${no} but now marked ${moved.seal_no === null ? 'unsealed' : `seal ${moved.seal_no}`} (reordered)` : `${label[kind]} ${item.row_key}: deleted since seal ${no}`);
        } else if (rowHash(kind, row) !== item.row_hash) {
          problems.push(`${label[kind]} ${item.row_key}: edited since seal ${no}`);
        }
        if (Number(item.pos) < lastPos) ordered = false;
        lastPos = Number(item.pos);
      }
      if (!ordered) problems.push(`seal ${no}: ${label[kind]} items out of order (reordered)`);
      for (const key of byKey.keys()) if (!seen.has(key)) problems.push(`${label[kind]} ${key}: inserted into seal ${no} after it was sealed`);
    }
    sealedRows += items.length;
    prev = seal.hash;
  }
  for (const kind of sealKinds) {
    const orphans = await db.selectFrom(kind).select(['id', 'seal_no']).where('seal_no', '>', seals.length).execute();
    for (const r of orphans) problems.push(`${label[kind]} ${r.id}: claims seal ${r.seal_no}, which does not exist (inserted)`);
  }
  if (opts.expectHead && !seals.some((s) => s.hash === opts.expectHead)) problems.push(`the published seal ${opts.expectHead} is not in the chain (the database was rewritten)`);
  let pending = 0;
  for (const kind of sealKinds) pending += Number((await db.selectFrom(kind).select((eb) => eb.fn.countAll().as('n')).where('seal_no', 'is', null).executeTakeFirst())?.n ?? 0);
  return { seals: seals.length, rows: sealedRows, unsealed: pending, head: seals.at(-1)?.hash ?? null, problems };
}
