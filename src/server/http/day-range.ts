import { dayAfter, reversedRange } from '../../core/dates';
import { DomainError } from '../../core/errors';

/**
 * A filter's inclusive UTC days (`from`, `to`: YYYY-MM-DD) as bounds on stored ISO times: from the
 * first day's midnight, before the midnight after the last. A range that ends before it starts
 * would match nothing: it is refused on its `to` field instead of answered with an empty list.
 */
export function dayBounds(f: { from?: string; to?: string }): { fromIso?: string; beforeIso?: string } {
  if (reversedRange(f.from, f.to))
    throw new DomainError('validation_failed', { fields: [{ path: 'querystring.to', code: 'before_from' }] });
  return {
    fromIso: f.from ? `${f.from}T00:00:00.000Z` : undefined,
    beforeIso: f.to ? dayAfter(f.to) : undefined,
  };
}
