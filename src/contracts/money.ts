import { z } from 'zod';
import { text } from './text';

/** An amount as the API sends it: dollars with exactly two decimals, e.g. "1250.00" or "-12.50". */
export const decimalAmount = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('dollars, two decimals');

/**
 * An amount as a person typed it. The schema only checks it is text; the service parses it with
 * core/money so that every malformed amount gets the spec's `invalid_amount` code.
 */
export const amountInput = text(32).describe('dollars as text, at most two decimals, e.g. "150" or "150.25"');
