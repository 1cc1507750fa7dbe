import { createInterface } from 'node:readline/promises';
import { DomainError } from '../../../core/errors';
import { isEmail } from '../../../core/signup';
import type { AppContext } from '../../context';
import { createAccounts } from './accounts.module';
import { operatorName } from './operator-name';

const usage =
  'Usage: npm run admin -- create --email <address> --password <at least 6 characters> --name "<first and last name>"';

/** Asks one question on the terminal; undefined when nobody is there to answer (a script, a pipe). */
async function askOnTerminal(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/**
 * `npm run admin -- create --email … --password … --name "Claire Martin"`: creates an operator, or
 * promotes an existing account. Each operator has their own name, read by colleagues on every
 * decision (issue 46, item 5): without `--name` it is asked on the terminal; a new operator is
 * refused without one. A promoted account keeps its name unless `--name` gives another.
 */
export const createAdminCommand = {
  summary: 'create or promote an operator: --email <address> --password <at least 6 characters> --name "<full name>"',
  /** Replaced by tests to answer the interactive question. */
  ask: askOnTerminal,
  async run(ctx: AppContext, flags: Record<string, string>): Promise<number> {
    const email = flags.email?.trim().toLowerCase() ?? '';
    const password = flags.password ?? '';
    if (!isEmail(email) || password.length < 6 || password === 'true') {
      console.error(usage);
      return 2;
    }
    const given = flags.name === 'true' ? undefined : flags.name;
    const raw = given ?? (await this.ask("Operator's first and last name (shown on their decisions): "));
    const name = operatorName(raw);
    if (raw !== undefined && raw.trim() !== '' && !name) {
      console.error(`Refused: "${raw.trim()}" is not a name (2 to 100 characters).\n${usage}`);
      return 2;
    }
    try {
      const { created } = await createAccounts(ctx).accounts.createOrPromoteAdmin(
        email,
        password,
        undefined,
        name ?? undefined,
      );
      const who = name ? `${name.fullName} <${email}>` : email;
      console.log(created ? `Operator ${who} created.` : `${who} is now an operator (password updated).`);
      return 0;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'operator_name_required') {
        console.error(`Refused: a new operator needs their name.\n${usage}`);
        return 2;
      }
      if (err instanceof DomainError) {
        console.error(`Refused: ${err.code}`);
        return 1;
      }
      throw err;
    }
  },
};
