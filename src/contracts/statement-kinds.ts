/**
 * The kinds of statement line, without zod: the web app imports this list as a value, and
 * importing it from portfolio.ts would put zod in the portfolio page's chunk.
 */
export const statementKinds = [
  'deposit',
  'withdrawal',
  'withdrawal_release',
  'investment',
  'stop',
  'transfer_in',
  'transfer_out',
] as const;
