import { z } from 'zod';
import { dayAfter } from '../core/dates';

/**
 * Text a client sends. PostgreSQL can neither store nor compare U+0000 (the query fails), so a
 * request carrying it is refused as invalid on both databases instead of failing with a 500.
 */
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), { message: 'must not contain U+0000' });

/**
 * A UTC calendar day a client sends as `YYYY-MM-DD`. The shape alone would let `0000-00-00` or
 * `2026-02-30` through to the date arithmetic behind it, which throws (a 500), so the day must exist.
 */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00.000Z`);
    if (Number.isNaN(d.getTime()) || !d.toISOString().startsWith(v)) return false;
    // A period ends at the start of the day after, compared with stored ISO times as text: that day
    // must be written like them (9999-12-31's would be "+010000-…", before every row).
    return dayAfter(v).length === 24;
  }, 'expected a real calendar day')
  .describe('YYYY-MM-DD, UTC');
