import { hash as digest } from 'node:crypto';
import type { Clock } from '../../../core/clock';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/dialect';
import type { Trx } from './ledger.repo';
import * as repo from './seal.repo';

/**
 * The hash chain over the journal and the audit trail (decisions 015 and 022). Each seal keeps the
 * hash of every row committed since the previous one as an item, and hashes its items together
 * with the previous seal's hash. Which rows a seal covers differs by dialect, never by a bare id
 * watermark on PostgreSQL (ids are allocated before commit and become visible out of order):
 * - PostgreSQL: the rows whose writing transaction is in [the previous seal's horizon, this seal's
 *   horizon), a horizon being a transaction id below which every transaction has finished. Nothing
 *   is written to the sealed rows.
 * - SQLite: ledger entries above the previous seal's highest entry id (one writer: ids become
 *   visible in order); journal and audit rows not stamped yet, stamped with the seal's number.
 */
export const GENESIS = '0'.repeat(64);
/** Rows per kind per seal: keeps each sealing transaction short beside the money path. */
const BATCH = 1000;

export type SealKind = 'ledger_tx' | 'ledger_entry' | 'audit_log';
export const sealKinds: SealKind[] = ['ledger_tx', 'ledger_entry', 'audit_log'];

/** The columns each kind is sealed by, in a fixed order (the stamp itself is not part of it). */
export const sealedColumns: Record<SealKind, string[]> = {
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

// One-shot hashing: a hash object per row cost as much as reading the row.
const sha256 = (text: string) => digest('sha256', text, 'hex');

/** Canonical serialization: the kind and every column as text (or null), in the fixed order; numbers alike on both dialects. */
export function plainRowHash(kind: SealKind, row: Row): string {
  return sha256(JSON.stringify([kind, ...sealedColumns[kind].map((c) => text(row[c]))]));
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * Columns that may hold personal data in a sealed row (decision 039): the answer kept for a replay
 * (a withdrawal's address, a payee's name), an audit entry's payloads, its client address and
 * browser. A row is sealed over each of them through a commitment, the digest of the row's id and
 * the value, so that erasure can replace the value by that digest (`erased:<digest>`) and the row
 * still hashes to what was sealed.
 */
export const erasableColumns: Partial<Record<SealKind, string[]>> = {
  ledger_tx: ['response'],
  audit_log: ['before', 'after', 'ip', 'user_agent'],
};
export const ERASED = 'erased:';

/** The commitment to one erasable value: its digest with the row's id, or the one an erasure left in its place. */
export function commitment(row: Row, column: string): string {
  const value = text(row[column]);
  if (value !== null && value.startsWith(ERASED)) return value.slice(ERASED.length);
  return sha256(JSON.stringify([text(row.id), value]));
}

/**
 * The hash a row is sealed by. Kinds with erasable columns are sealed in the committed form (its
 * first element `<kind>/2`); rows sealed before it existed keep the plain form, which verification
 * still accepts (`hashesTo`) and which erasure leaves alone.
 */
export function rowHash(kind: SealKind, row: Row): string {
  const erasable = erasableColumns[kind];
  if (!erasable) return plainRowHash(kind, row);
  return sha256(
    JSON.stringify([
      `${kind}/2`,
      ...sealedColumns[kind].map((c) => (erasable.includes(c) ? commitment(row, c) : text(row[c]))),
    ]),
  );
}

/** Whether a row hashes to what a seal recorded, in either form (the plain one: sealed before decision 039). */
function hashesTo(kind: SealKind, row: Row, sealed: string): boolean {
  return rowHash(kind, row) === sealed || (erasableColumns[kind] !== undefined && plainRowHash(kind, row) === sealed);
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

interface Batch {
  picked: Array<{ kind: SealKind; rows: Row[]; stamp: boolean }>;
  uptoEntry: number | null;
  uptoXid: string | null;
  /** A kind filled its batch (or the range was cut): rows may be left for another seal. */
  more: boolean;
}
type SealRow = Awaited<ReturnType<typeof repo.sealHead>>;

/** SQLite: entries above the last sealed id, the other kinds by "not stamped yet". */
async function pickOnSqlite(db: Db, before: SealRow): Promise<Batch> {
  const uptoBefore = Number(before?.upto_entry ?? 0);
  const picked: Batch['picked'] = [];
  for (const kind of sealKinds) {
    const byWatermark = kind === 'ledger_entry';
    picked.push({
      kind,
      rows: byWatermark
        ? await repo.unsealedEntriesAbove(db, sealedColumns.ledger_entry, uptoBefore, BATCH)
        : await repo.unsealed(db, kind, sealedColumns[kind], order[kind], BATCH),
      stamp: !byWatermark,
    });
  }
  const entries = picked.find((p) => p.kind === 'ledger_entry')!.rows;
  return {
    picked,
    uptoEntry: Math.max(uptoBefore, ...entries.map((r) => Number(r.id))),
    uptoXid: null,
    more: picked.some((p) => p.rows.length === BATCH),
  };
}

/**
 * PostgreSQL: the rows written by the transactions between the previous seal's horizon and the
 * current one, cut short where a kind would pass a batch (a cut never splits one transaction's rows).
 */
async function pickByCommit(db: Db, before: SealRow): Promise<Batch> {
  const from = before?.upto_xid ?? '0';
  const horizon = await repo.commitHorizon(db);
  if (BigInt(horizon) < BigInt(from))
    // Transaction ids went back: the database was moved to another server without
    // scripts/restore.mjs (which rebases the chain). Sealing on would mix new rows into old ranges.
    throw new Error(
      `this server's transaction ids (${horizon}) are below the last seal's horizon (${from}): rebase the chain as scripts/restore.mjs does`,
    );
  let below = horizon;
  for (const kind of sealKinds) {
    const range = await repo.commitCut(db, kind, from, below, BATCH);
    // One transaction's rows stay in one seal, however many: a cut at the first writer would be empty.
    if (range) below = range.cut === range.first ? String(BigInt(range.cut) + 1n) : range.cut;
  }
  const picked: Batch['picked'] = [];
  for (const kind of sealKinds)
    picked.push({
      kind,
      rows: await repo.committedIn(db, kind, sealedColumns[kind], order[kind], from, below),
      stamp: false,
    });
  return { picked, uptoEntry: null, uptoXid: below, more: BigInt(below) < BigInt(horizon) };
}

/** One seal over (at most a batch of) the rows not sealed yet; null when there was nothing to seal. */
export async function sealOnce(
  db: Db,
  clock: Clock,
  dialect: Dialect = 'postgres',
): Promise<{ no: number; hash: string; rows: number; more: boolean } | null> {
  // Committed rows never change, so they are read and hashed before the transaction: on SQLite
  // the one connection is held only for the writes.
  const before = await repo.sealHead(db);
  const { picked, uptoEntry, uptoXid, more } =
    dialect === 'postgres' ? await pickByCommit(db, before) : await pickOnSqlite(db, before);
  const items: SealItem[] = [];
  for (const { kind, rows } of picked)
    for (const row of rows) items.push({ kind, row_key: String(row.id), row_hash: rowHash(kind, row) });
  if (items.length === 0) return null;
  return db.transaction().execute(async (trx: Trx) => {
    const head = await repo.sealHead(trx);
    // Another sealer committed since the rows were read: they may be in its seal already.
    if (Number(head?.no ?? 0) !== Number(before?.no ?? 0)) throw new SealRace();
    const no = (head ? Number(head.no) : 0) + 1;
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
      upto_xid: uptoXid,
    });
    for (const { kind, rows, stamp } of picked) {
      if (!stamp) continue;
      for (const part of chunks(rows, 500)) {
        if (part.length === 0) continue;
        // Another sealer took some of these rows meanwhile: this seal must not claim them twice.
        const ids = part.map((r) => r.id);
        if ((await repo.stamp(trx, kind, no, ids)) !== part.length) throw new SealRace();
      }
    }
    return { no, hash, rows: items.length, more };
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
export async function sealPending(
  db: Db,
  clock: Clock,
  dialect: Dialect = 'postgres',
): Promise<{ seals: number; rows: number }> {
  const done = { seals: 0, rows: 0 };
  for (;;) {
    const sealed = await sealOnce(db, clock, dialect);
    if (!sealed) break;
    done.seals += 1;
    done.rows += sealed.rows;
    if (!sealed.more) break;
    // Lets the money path take the database between two batches.
    await new Promise((r) => setTimeout(r, 5));
  }
  return done;
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
  dialect: Dialect,
  opts: { expectHead?: string } = {},
): Promise<{ seals: number; rows: number; unsealed: number; head: string | null; problems: string[] }> {
  const problems: string[] = [];
  const seals = await repo.allSeals(db);
  const byCommit = dialect === 'postgres';
  const live = new Map<SealKind, Map<string, Row>>();
  for (const kind of sealKinds) {
    const rows = await repo.allRows(db, kind, [...sealedColumns[kind], 'seal_no'], byCommit);
    live.set(kind, new Map(rows.map((r) => [String(r.id), r])));
  }
  // Where each row belongs now, by what placed it: a stamp, the entry watermark (SQLite) or the
  // range of its writer's transaction (PostgreSQL).
  const ranges: Array<{ no: number; from: bigint; below: bigint }> = [];
  for (const [i, seal] of seals.entries())
    if (seal.upto_xid !== null && seal.upto_xid !== undefined)
      ranges.push({ no: Number(seal.no), from: BigInt(seals[i - 1]?.upto_xid ?? 0), below: BigInt(seal.upto_xid) });
  const uptoEntries = seals.filter((s) => s.upto_entry !== null);
  const lastEntry = Number(uptoEntries.at(-1)?.upto_entry ?? 0);
  const lastBelow = ranges.at(-1)?.below ?? 0n;
  const placedIn = (kind: SealKind, row: Row): number | null => {
    if (row.seal_no !== null) return Number(row.seal_no);
    if (kind === 'ledger_entry' && Number(row.id) <= lastEntry)
      return Number(uptoEntries.find((s) => Number(row.id) <= Number(s.upto_entry))!.no);
    if (typeof row.commit_xid === 'string' && BigInt(row.commit_xid) < lastBelow) {
      const x = BigInt(row.commit_xid);
      return ranges.find((r) => x >= r.from && x < r.below)?.no ?? null;
    }
    return null;
  };
  /** The fast path of `placedIn(kind, row) === seal i`, for the rows a seal claims. */
  const placedBy = (kind: SealKind, row: Row, i: number): boolean => {
    const seal = seals[i]!;
    if (row.seal_no !== null) return Number(row.seal_no) === Number(seal.no);
    if (kind === 'ledger_entry' && seal.upto_entry !== null) {
      const id = Number(row.id);
      return id <= Number(seal.upto_entry) && id > Number(seals[i - 1]?.upto_entry ?? 0);
    }
    if (typeof row.commit_xid === 'string' && seal.upto_xid) {
      const x = BigInt(row.commit_xid);
      return x < BigInt(seal.upto_xid) && x >= BigInt(seals[i - 1]?.upto_xid ?? 0);
    }
    return false;
  };
  const claimed = new Set<string>();
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
      if (!row) {
        problems.push(`${label[kind] ?? kind} ${item.row_key}: deleted since seal ${no}`);
        continue;
      }
      const now = placedBy(kind, row, i) ? no : placedIn(kind, row);
      if (now !== no)
        problems.push(
          `${label[kind]} ${item.row_key}: sealed in seal ${no} but now marked ${now === null ? 'unsealed' : `seal ${now}`} (reordered)`,
        );
      else if (!hashesTo(kind, row, item.row_hash))
        problems.push(`${label[kind]} ${item.row_key}: edited since seal ${no}`);
    }
    sealedRows += items.length;
    prev = seal.hash;
  }
  let pending = 0;
  for (const kind of sealKinds) {
    for (const [key, row] of live.get(kind)!) {
      if (claimed.has(`${kind}:${key}`)) continue;
      const n = placedIn(kind, row);
      if (n !== null)
        problems.push(
          n >= 1 && n <= seals.length
            ? `${label[kind]} ${key}: inserted into seal ${n} after it was sealed`
            : `${label[kind]} ${key}: claims seal ${n}, which does not exist (inserted)`,
        );
      else if (byCommit && row.commit_xid === null)
        problems.push(`${label[kind]} ${key}: has no writing transaction, so no seal can ever cover it (inserted)`);
      else pending += 1;
    }
  }
  if (opts.expectHead && !seals.some((s) => s.hash === opts.expectHead))
    problems.push(`the published seal ${opts.expectHead} is not in the chain (the database was rewritten)`);
  return { seals: seals.length, rows: sealedRows, unsealed: pending, head: seals.at(-1)?.hash ?? null, problems };
}
