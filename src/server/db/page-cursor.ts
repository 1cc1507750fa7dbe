import { DomainError } from '../../core/errors';

/** The longest part of a page's position: an ISO time, an id or a search term all fit. */
const MAX_PART = 200;

/** A keyset page's position (two strings: a time and an id, say) as an opaque token for the address. */
export function encodeCursor(first: string, second: string): string {
  return Buffer.from(JSON.stringify([first, second])).toString('base64url');
}

/**
 * The position a cursor holds, as `as` names its two parts (none without a cursor: the first page),
 * or a 400 (`invalid_cursor`). Its strings go into a query, so only what `encodeCursor` could have
 * made gets through: no U+0000 (which PostgreSQL refuses) and nothing longer than a position.
 */
export function decodeCursor<K>(cursor: string | undefined, as: (first: string, second: string) => K): K | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const fits = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_PART && !v.includes('\u0000');
    if (Array.isArray(value) && value.length === 2 && fits(value[0]) && fits(value[1])) return as(value[0], value[1]);
  } catch {
    /* falls through to the error below */
  }
  throw new DomainError('validation_failed', { fields: [{ path: 'querystring.cursor', code: 'invalid_cursor' }] });
}
