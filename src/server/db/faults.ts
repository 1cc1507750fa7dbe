/**
 * What a database error says about the database rather than about the request (decision 026):
 *
 * - `busy`: a bounded wait ran out (statement or lock timeout, the pool's queue, SQLite's busy
 *   timeout, a movement whose account stayed locked) or the server refused more connections;
 * - `conflict`: PostgreSQL gave up on the transaction because of a concurrent one (serialization
 *   failure, deadlock);
 * - `unavailable`: the connection was lost or refused, the server is shutting down or starting;
 * - `full`: the disk is full.
 *
 * `notCommitted` is true when the failed statement is known not to have committed anything (the
 * database refused it, or it was never sent); a money movement is retried inside the server only
 * then, otherwise its idempotency key decides.
 */
export type DbFaultKind = 'busy' | 'conflict' | 'unavailable' | 'full';

export interface DbFault {
  kind: DbFaultKind;
  notCommitted: boolean;
  /** The driver's code or message, for the log and the metrics. */
  reason: string;
}

/** A movement that stayed blocked on a locked account for the whole of its wait (movement.postgres.ts). */
export class DatabaseBusy extends Error {
  constructor(readonly reason: string) {
    super(`database busy: ${reason}`);
    this.name = 'DatabaseBusy';
  }
}

const busyCodes = new Set(['57014', '55P03', '53300', '53400', '55006']);
const conflictCodes = new Set(['40001', '40P01']);
/** Refused before anything ran: the server is starting, or refused the connection. */
const refusedCodes = new Set(['57P03', '08001', '08004', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const lostCodes = new Set([
  '57P01',
  '57P02',
  '08000',
  '08003',
  '08006',
  '08007',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENETUNREACH',
]);
const lostMessages = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection ended',
];

function one(err: unknown): DbFault | null {
  if (err instanceof DatabaseBusy) return { kind: 'busy', notCommitted: true, reason: err.reason };
  if (typeof err !== 'object' || err === null) return null;
  const code = typeof (err as { code?: unknown }).code === 'string' ? (err as { code: string }).code : '';
  const message = String((err as { message?: unknown }).message ?? '');
  if (busyCodes.has(code)) return { kind: 'busy', notCommitted: true, reason: code };
  if (conflictCodes.has(code)) return { kind: 'conflict', notCommitted: true, reason: code };
  if (code === '53100' || code === 'SQLITE_FULL' || code === 'ENOSPC') {
    return { kind: 'full', notCommitted: true, reason: code };
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return { kind: 'busy', notCommitted: true, reason: code };
  }
  if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY') {
    return { kind: 'unavailable', notCommitted: true, reason: code };
  }
  if (refusedCodes.has(code)) return { kind: 'unavailable', notCommitted: true, reason: code };
  // pg-pool: no connection came free (or none could be made) within connectionTimeoutMillis.
  if (message === 'timeout exceeded when trying to connect') {
    return { kind: 'busy', notCommitted: true, reason: 'pool_acquire_timeout' };
  }
  if (message.includes('timeout expired') && message.includes('onnection')) {
    return { kind: 'unavailable', notCommitted: true, reason: 'connect_timeout' };
  }
  if (lostCodes.has(code)) return { kind: 'unavailable', notCommitted: false, reason: code };
  if (code.startsWith('08')) return { kind: 'unavailable', notCommitted: false, reason: code };
  if (lostMessages.some((m) => message.includes(m))) {
    return { kind: 'unavailable', notCommitted: false, reason: 'connection_lost' };
  }
  return null;
}

/** The fault an error (or any error in its `cause` chain) reports, or null for any other error. */
export function dbFaultOf(err: unknown): DbFault | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current; depth++) {
    const fault = one(current);
    if (fault) return fault;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** What each open SQLite database does when a write met a full disk (createDb registers it). */
const fullDiskReliefs = new Set<() => void>();

export function onFullDisk(relief: () => void): () => void {
  fullDiskReliefs.add(relief);
  return () => void fullDiskReliefs.delete(relief);
}

/** Called once per request answered `storage_full`: lets each database give back what it can. */
export function relieveFullDisk(): void {
  for (const relief of fullDiskReliefs) relief();
}
