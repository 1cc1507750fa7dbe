import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../core/errors';

/**
 * The download link of an export: an HMAC over the export, its owner and the expiry (24 hours after
 * the file was ready), with its own purpose label so that it is never valid as any other signed link.
 * Holding the link is not enough: the download also needs the owner's session (decision 038).
 */
function signature(secret: string, exportId: string, userId: string, exp: number): string {
  return createHmac('sha256', secret).update(`data-export\n${exportId}\n${userId}\n${exp}`).digest('base64url');
}

export function signExportLink(secret: string, exportId: string, userId: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `/api/data-export/${exportId}/download?exp=${exp}&sig=${signature(secret, exportId, userId, exp)}`;
}

/** Throws link_invalid for anything we did not sign for this export and person, link_expired after the expiry. */
export function verifyExportLink(
  secret: string,
  exportId: string,
  userId: string,
  exp: unknown,
  sig: unknown,
  now: Date,
): void {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) {
    throw new DomainError('link_invalid');
  }
  const expected = Buffer.from(signature(secret, exportId, userId, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError('link_invalid');
  if (Math.floor(now.getTime() / 1000) >= Number(exp)) throw new DomainError('link_expired');
}
