import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../core/errors';
import { isProofPath } from './proof-store';

export const PROOF_LINK_TTL_S = 3600;
const PREFIX = '/api/proof-files/';

function signature(secret: string, path: string, exp: number): string {
  // A purpose label keeps these MACs distinct from anything else signed with the same secret.
  return createHmac('sha256', secret).update(`proof-file\n${path}\n${exp}`).digest('base64url');
}

/** A link to one proof that anybody holding it may open until it expires (admins only ever receive them). */
export function signProofLink(secret: string, path: string, now: Date, ttlS: number = PROOF_LINK_TTL_S): string {
  if (!isProofPath(path)) throw new RangeError('not a proof path');
  const exp = Math.floor(now.getTime() / 1000) + ttlS;
  return `${PREFIX}${path}?exp=${exp}&sig=${signature(secret, path, exp)}`;
}

/** Throws link_invalid for anything not signed by us (path, expiry or signature altered), link_expired after the expiry. */
export function verifyProofLink(secret: string, path: string, exp: unknown, sig: unknown, now: Date): void {
  if (!isProofPath(path) || typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) {
    throw new DomainError('link_invalid');
  }
  const expected = Buffer.from(signature(secret, path, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError('link_invalid');
  if (Math.floor(now.getTime() / 1000) >= Number(exp)) throw new DomainError('link_expired');
}
