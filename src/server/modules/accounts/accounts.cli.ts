import { DomainError } from '../../../core/errors';
import { isEmail } from '../../../core/signup';
import type { AppContext } from '../../context';
import { createAccounts } from './accounts.module';

/** `npm run admin -- create --email … --password …`: creates an operator, or promotes an existing account. */
export const createAdminCommand = {
  summary: 'create or promote an operator: --email <address> --password <at least 6 characters>',
  async run(ctx: AppContext, flags: Record<string, string>): Promise<number> {
    const email = flags.email?.trim().toLowerCase() ?? '';
    const password = flags.password ?? '';
    if (!isEmail(email) || password.length < 6 || password === 'true') {
      console.error('Usage: npm run admin -- create --email <address> --password <at least 6 characters>');
      return 2;
    }
    try {
      const { created } = await createAccounts(ctx).accounts.createOrPromoteAdmin(email, password);
      console.log(created ? `Operator ${email} created.` : `${email} is now an operator (password updated).`);
      return 0;
    } catch (err) {
      if (err instanceof DomainError) {
        console.error(`Refused: ${err.code}`);
        return 1;
      }
      throw err;
    }
  },
};
