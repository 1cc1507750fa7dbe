import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../ledger/ledger.repo';
import { insertAudit, type AuditRow } from './audit.repo';

/** Where an action came from: the client's address (as the proxy rules resolve it) and its browser. */
export interface AuditSource {
  ip: string | null;
  userAgent: string | null;
}

export const CLI_SOURCE: AuditSource = { ip: null, userAgent: 'cli' };

export function sourceOf(request: FastifyRequest): AuditSource {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}

export interface AuditEntry {
  /** Who acted: a user id, `anonymous` for a failed sign-in, `cli` for an operator command. */
  actorId: string;
  /** `deposit.approve_first`, `user.freeze`, `auth.sign_in`… */
  action: string;
  target: { type: string; id: string };
  source: AuditSource;
  result?: 'ok' | 'failed' | 'refused';
  before?: unknown;
  after?: unknown;
}

/** The row of the audit trail for an entry (for a write that inserts it itself: an operator's one-step decision). */
export function auditRow(entry: AuditEntry, now: Date): AuditRow {
  return {
    id: randomUUID(),
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.target.type,
    target_id: entry.target.id,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    at: now.toISOString(),
    ip: entry.source.ip,
    user_agent: entry.source.userAgent,
    result: entry.result ?? 'ok',
  };
}

/**
 * Writes one row of the audit trail, inside the caller's transaction when it has one (an action and
 * its trail commit together). The trail is sealed into the hash chain with the journal.
 */
export async function recordAudit(q: Queryable, entry: AuditEntry, now: Date): Promise<void> {
  await insertAudit(q, auditRow(entry, now));
}

/** For paths where the trail must never fail the action it records (sign-in, sign-out). */
export async function recordAuditQuietly(
  q: Queryable,
  entry: AuditEntry,
  now: Date,
  log?: { warn(obj: unknown, msg: string): void },
): Promise<void> {
  await recordAudit(q, entry, now).catch((err) => log?.warn({ err, action: entry.action }, 'audit row not written'));
}
