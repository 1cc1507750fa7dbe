import { randomBytes, randomUUID } from 'node:crypto';
import { formatMoney } from '../../core/money';
import type { AppContext } from '../context';
import { createAccounts } from '../modules/accounts/accounts.module';
import { depositCredit } from '../modules/cashier/deposits.service';
import { createMovements } from '../modules/ledger/movement';

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
    // The server's money writer: a demo deposit is credited as an operator's approval credits one.
    const movements = createMovements(ctx.dbh);
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
      await movements.apply(
        { userId: id, key: undefined, request: null },
        depositCredit({
          userId: id,
          amountCents: u.cents,
          ref: { type: 'seed_deposit', id: randomUUID() },
          approvedBy: 'seed-demo',
        }),
        ctx.clock.now(),
      );
      console.log(`${u.email}  password: ${password}  UID: ${uid}  balance: ${formatMoney(u.cents)}`);
    }
    return 0;
  },
};
