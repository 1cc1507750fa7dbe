import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { AccountsService } from './accounts.service';

const FIRST_OPERATOR = { firstName: 'First', lastName: 'operator', fullName: 'First operator' };

/**
 * The very first start of an empty embedded database creates an operator with a random password,
 * shown once, in the start block main.ts prints to the terminal; the log line says only that it
 * happened, so the password never reaches a log store. There is no default password anywhere;
 * PostgreSQL installs use the CLI instead.
 */
export async function ensureFirstAdmin(
  ctx: AppContext,
  accounts: AccountsService,
  log: FastifyBaseLogger,
): Promise<{ email: string; password: string } | undefined> {
  if (ctx.dialect !== 'sqlite') return undefined;
  if ((await accounts.countUsers()) > 0) return undefined;
  const email = 'admin@atlas-invest.local';
  const password = randomBytes(12).toString('base64url');
  // Nobody is there to ask at a start: the first operator gets a name that says what it is, and
  // the start block says how to give it theirs (issue 46, item 5).
  await accounts.createOrPromoteAdmin(
    email,
    password,
    { actorId: 'system', source: { ip: null, userAgent: 'first-start' } },
    FIRST_OPERATOR,
  );
  log.warn(`First start: operator account created (${email}); its one-time password is in the start block.`);
  return { email, password };
}
