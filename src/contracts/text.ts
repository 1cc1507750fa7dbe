import { z } from 'zod';

/**
 * Text a client sends. PostgreSQL can neither store nor compare U+0000 (the query fails), so a
 * request carrying it is refused as invalid on both databases instead of failing with a 500.
 */
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), { message: 'must not contain U+0000' });
