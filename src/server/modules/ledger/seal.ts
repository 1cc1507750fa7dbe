import { createHash } from 'node:crypto';
import type { Clock } from '../../../core/clock';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/dialect';
import type { Trx } from './ledger.repo';
import * as repo from './seal.repo';

/**
 * The hash chain over the journal and the audit trail (decision 015). Each seal stamps the rows
 * committed since the previous one with its number, keeps each row's hash as an item, and hashes
 * its items together with the previous seal's hash. Rows are picked by "not stamped yet", never
 * by an id watermark: on PostgreSQL ids are allocated before commit and become visible out of
 * order, so a watermark could step over a row that commits late; a stamp cannot.
 */

export const GENESIS = '0'.repeat(64);
/** Rows per kind per seal: keeps each sealing transaction short beside the money path. */
const BATCH = 1000;

export type SealKind = 'ledger_tx' | 'ledger_entry' | 'audit_log';
export const sealKinds: SealKind[] = ['ledger_tx', 'ledger_entry', 'audit_log'];

/** The columns each kind is sealed by, in a fixed order (the stamp itself is not part of it). */
const columns: Record<SealKind, string[]> = {
  ledger_tx: [
    'id',
    'type',
    'user_id',
    'idempotency_key',
    'request_hash',
    'response',
    'ref_type',
    'ref_id',
    'created_by',
    'created_at',
  ],
  ledger_entry: ['id', 'tx_id', 'account_id', 'amount_cents'],
  audit_log: [
    'id',
    'actor_id',
    'action',
    'target_type',
    'target_id',
    'before',
    'after',
    'at',
    'ip',
    'user_agent',
    'result',
  ],
};
/** The order rows take inside a seal. */
const order: Record<SealKind, string[]> = {
  ledger_tx: ['created_at', 'id'],
  ledger_entry: ['id'],
  audit_log: ['at', 'id'],
};

type Row = repo.Row;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Canonical serialization: the kind and every column as text (or null), in the fixed order; numbers alike on both dialects. */
export function rowHash(kind: SealKind, row: Row): string {
  return sha256(
    JSON.stringify([
      kind,
      ...columns[kind].map((c) => (row[c] === null || row[c] === undefined ? null : String(row[c]))),
    ]),
  );
}

export interface SealItem {
  kind: string;
  row_key: string;
  row_hash: string;
}

export function sealHash(prevHash: string, no: number, sealedAt: string, items: SealItem[]): string {
  return sha256(
    [prevHash, String(no), sealedAt, ...items.map((i) => `${i.kind}:${i.row_key}:${i.row_hash}`)].join('\n'),
  );
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function encodeItems(items: SealItem[]): string {
  return items.map((i) => `${i.kind}:${i.row_key}:${i.row_hash}`).join('\n');
}

export function decodeItems(text: string): SealItem[] {
  if (!text) return [];
  return text.split('\n').map((line) => {
    const kind = line.slice(0, line.indexOf(':'));
    const row_hash = line.slice(line.lastIndexOf(':') + 1);
    return { kind, row_key: line.slice(kind.length + 1, line.length - row_hash.length - 1), row_hash };
  });
}

/**
 * One seal over (at most a batch of) the rows not sealed yet; null when there was nothing to seal.
 * `more`: a kind filled its batch, so rows may be left for another seal.
 */
export async function sealOnce(
  db: Db,
  clock: Clock,
  dialect: Dialect = 'postgres',
): Promise<{ no: number; hash: string; rows: number; more: boolean } | null> {
  // Committed rows never change, so they are read and hashed before the transaction: on SQLite
  // the one connection is held only for the writes.
  const watermark = dialect === 'sqlite';
  const before = await repo.sealHead(db);
  const uptoBefore = Number(before?.upto_entry ?? 0);
  const picked: Array<{ kind: SealKind; rows: Row[]; stamp: boolean }> = [];
  for (const kind of sealKinds) {
    const byWatermark = watermark && kind === 'ledger_entry';
    picked.push({
      kind,
      rows: byWatermark
        ? await repo.unsealedEntriesAbove(db, columns.ledger_entry, uptoBefore, BATCH)
        : await repo.unsealed(db, kind, columns[kind], order[kind], BATCH),
      stamp: !byWatermark,
    });
  }
  const items: SealItem[] = [];
  for (const { kind, rows } of picked)
    for (const row of rows) items.push({ kind, row_key: String(row.id), row_hash: rowHash(kind, row) });
  if (items.length === 0) return null;
  return db.transaction().execute(async (trx: Trx) => {
    const head = await repo.sealHead(trx);
    // Another sealer committed since the rows were read: they may be in its seal already.
    if (Number(head?.no ?? 0) !== Number(before?.no ?? 0)) throw new SealRace();
    const no = (head ? Number(head.no) : 0) + 1;
    const entries = picked.find((p) => p.kind === 'ledger_entry')!.rows;
    const uptoEntry = watermark ? Math.max(uptoBefore, ...entries.map((r) => Number(r.id))) : null;
    const sealedAt = clock.now().toISOString();
    const hash = sealHash(head?.hash ?? GENESIS, no, sealedAt, items);
    // A second sealer racing for the same number fails on the primary key and rolls back whole.
    await repo.insertSeal(trx, {
      no,
      prev_hash: head?.hash ?? GENESIS,
      hash,
      rows: items.length,
      sealed_at: sealedAt,
      items: encodeItems(items),
      upto_entry: uptoEntry,
    });
    for (const { kind, rows, stamp } of picked) {
      if (!stamp) continue;
      for (const part of chunks(rows, 500)) {
        if (part.length === 0) continue;
        // Another sealer took some of these rows meanwhile: this seal must not claim them twice.
        if (
          (await repo.stamp(
            trx,
            kind,
            no,
            part.map((r) => r.id),
          )) !== part.length
        )
          throw new SealRace();
      }
    }
    return { no, hash, rows: items.length, more: picked.some((p) => p.rows.length === BATCH) };
  });
}

class SealRace extends Error {
  constructor() {
    super('rows were sealed by another sealer meanwhile');
    this.name = 'SealRace';
  }
}

/**
 * Seals what was committed up to now, one short transaction per batch. It stops once caught up:
 * under steady traffic it does not chase the rows committed while it works (the next tick does).
 */
export async function sealPending(db: Db, clock: Clock, dialect: Dialect = 'postgres'): Promise<number> {
  let seals = 0;
  for (;;) {
    const sealed = await sealOnce(db, clock, dialect);
    if (!sealed) break;
    seals += 1;
    if (!sealed.more) break;
    // Lets the money path take the database between two batches.
    await new Promise((r) => setTimeout(r, 5));
  }
  return seals;
}

const label: Record<string, string> = {
  ledger_tx: 'ledger transaction',
  ledger_entry: 'ledger entry',
  audit_log: 'audit row',
};

/**
 * Recomputes every seal from its items and the chain from the first seal, then compares each
 * item with the row as it is now: names each row edited, deleted, inserted into a seal, or moved.
 * Reads each sealed table once (as the balance checks do), not once per seal.
 */
export async function verifySeals(
  db: Db,
  opts: { expectHead?: string } = {},
): Promise<{ seals: number; rows: number; unsealed: number; head: string | null; problems: string[] }> {
  const problems: string[] = [];
  const seals = await repo.allSeals(db);
  const live = new Map<SealKind, Map<string, Row>>();
  let pending = 0;
  for (const kind of sealKinds) {
    const rows = await repo.allRows(db, kind, [...columns[kind], 'seal_no']);
    live.set(kind, new Map(rows.map((r) => [String(r.id), r])));
    pending += rows.filter((r) => r.seal_no === null).length;
  }
  const claimed = new Set<string>();
  // Entries sealed by watermark (SQLite) carry no stamp: a seal's range ends at its upto_entry.
  const uptoEntry = seals.reduce((m, s) => Math.max(m, Number(s.upto_entry ?? 0)), 0);
  const sealOfEntry = (id: number) => seals.find((s) => s.upto_entry !== null && id <= Number(s.upto_entry));
  pending -= [...live.get('ledger_entry')!.values()].filter(
    (r) => r.seal_no === null && Number(r.id) <= uptoEntry,
  ).length;
  let prev = GENESIS;
  let sealedRows = 0;
  for (const [i, seal] of seals.entries()) {
    const no = Number(seal.no);
    if (no !== i + 1) problems.push(`seal ${i + 1} is missing (found seal ${no} in its place)`);
    if (seal.prev_hash !== prev)
      problems.push(`seal ${no}: its previous hash does not match seal ${no - 1} (the chain was broken or reordered)`);
    const items = decodeItems(seal.items);
    if (items.length !== Number(seal.rows) || sealHash(seal.prev_hash, no, seal.sealed_at, items) !== seal.hash)
      problems.push(`seal ${no}: its items do not hash to the sealed value (the seal itself was altered)`);
    for (const item of items) {
      const kind = item.kind as SealKind;
      claimed.add(`${kind}:${item.row_key}`);
      const row = live.get(kind)?.get(item.row_key);
      const watermarked = kind === 'ledger_entry' && seal.upto_entry !== null;
      if (!row) problems.push(`${label[kind] ?? kind} ${item.row_key}: deleted since seal ${no}`);
      else if (!watermarked && Number(row.seal_no) !== no)
        problems.push(
          `${label[kind]} ${item.row_key}: sealed in seal ${no} but now marked ${row.seal_no === null ? 'unsealed' : `seal ${row.seal_no}`} (reordered)`,
        );
      else if (rowHash(kind, row) !== item.row_hash)
        problems.push(`${label[kind]} ${item.row_key}: edited since seal ${no}`);
    }
    sealedRows += items.length;
    prev = seal.hash;
  }
  for (const kind of sealKinds) {
    for (const [key, row] of live.get(kind)!) {
      if (claimed.has(`${kind}:${key}`)) continue;
      if (row.seal_no === null) {
        const covering = kind === 'ledger_entry' ? sealOfEntry(Number(key)) : undefined;
        if (covering) problems.push(`${label[kind]} ${key}: inserted into seal ${covering.no} after it was sealed`);
        continue;
      }
      const n = Number(row.seal_no);
      problems.push(
        n >= 1 && n <= seals.length
          ? `${label[kind]} ${key}: inserted into seal ${n} after it was sealed`
          : `${label[kind]} ${key}: claims seal ${n}, which does not exist (inserted)`,
      );
    }
  }
  if (opts.expectHead && !seals.some((s) => s.hash === opts.expectHead))
    problems.push(`the published seal ${opts.expectHead} is not in the chain (the database was rewritten)`);
  return { seals: seals.length, rows: sealedRows, unsealed: pending, head: seals.at(-1)?.hash ?? null, problems };
}
