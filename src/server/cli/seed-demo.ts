import { randomBytes, randomUUID } from 'node:crypto';
import { formatMoney } from '../../core/money';
import type { AppContext } from '../context';
import { createAccounts } from '../modules/accounts/accounts.module';
import { creditDeposit } from '../modules/ledger/deposits';

const demoUsers = [
  {
    firstName: 'Marie',
    lastName: 'Joseph',
    username: 'marie_demo',
    email: 'marie@demo.atlas.local',
    country: 'HT',
    phone: '34567890',
    cents: 500_000,
  },
  {
    firstName: 'Lucas',
    lastName: 'Bernard',
    username: 'lucas_demo',
    email: 'lucas@demo.atlas.local',
    country: 'FR',
    phone: '0612345678',
    cents: 150_000,
  },
];

/** `npm run admin -- seed-demo`: demo investors with approved deposits, printed with their passwords. */
export const seedDemoCommand = {
  summary: 'create demo investors with approved deposits (prints their e-mails and passwords)',
  async run(ctx: AppContext): Promise<number> {
    const { accounts, security } = createAccounts(ctx);
    for (const u of demoUsers) {
      if (await accounts.findUserByEmail(u.email)) {
        console.log(`${u.email} exists already: skipped`);
        continue;
      }
      const password = randomBytes(9).toString('base64url');
      const { id, uid } = await accounts.signup(
        { ...u, password, confirmPassword: password, birthDate: '1988-06-15', acceptTerms: true },
        'fr',
      );
      // Demo addresses receive no mail: they start confirmed, so the demo can withdraw and transfer.
      await security.markVerified(id);
      const requestId = randomUUID();
      await ctx.db
        .transaction()
        .execute((trx) =>
          creditDeposit(
            trx,
            { userId: id, amountCents: u.cents, ref: { type: 'seed_deposit', id: requestId }, approvedBy: 'seed-demo' },
            ctx.clock.now(),
          ),
        );
      console.log(`${u.email}  password: ${password}  UID: ${uid}  balance: ${formatMoney(u.cents)}`);
    }
    return 0;
  },
};
