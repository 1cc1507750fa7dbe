import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { AccountsService } from './accounts.service';

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
  await accounts.createOrPromoteAdmin(email, password, {
    actorId: 'system',
    source: { ip: null, userAgent: 'first-start' },
  });
  log.warn(`First start: operator account created (${email}); its one-time password is in the start block.`);
  return { email, password };
}
