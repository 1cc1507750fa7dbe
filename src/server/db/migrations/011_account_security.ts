import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/** Failed sign-ins per account and source address: the per-pair delays and the account-wide brake read them. */
export interface SignInFailureTable {
  /** The e-mail as typed, lower-cased: counted whether or not an account has it, so counting reveals nothing. */
  account: string;
  ip: string;
  failures: number;
  last_at: string;
}

/** Browsers a person has signed in from (a hash of the device cookie); a new one gets an e-mail. */
export interface KnownDeviceTable {
  user_id: string;
  device: string;
  created_at: string;
  last_seen_at: string;
}

/** When the password last changed or was reset: withdrawals wait 24 h after it. */
export interface AccountSecurityTable {
  user_id: string;
  password_changed_at: string | null;
}

export interface AccountSecurityTables {
  sign_in_failure: SignInFailureTable;
  known_device: KnownDeviceTable;
  account_security: AccountSecurityTable;
}

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sign_in_failure')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_failure_pk', ['account', 'ip'])
    .execute();
  await db.schema.createIndex('sign_in_failure_last_at').on('sign_in_failure').column('last_at').execute();

  await db.schema
    .createTable('known_device')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_device_pk', ['user_id', 'device'])
    .execute();

  await db.schema
    .createTable('account_security')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('password_changed_at', 'text')
    .execute();

  // Limiter rows are swept by age.
  await db.schema.createIndex('rate_limit_window_start').on('rate_limit').column('window_start').execute();
}
