import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import * as m001 from './001_foundation';
import * as m002 from './002_accounts';
import * as m003 from './003_ledger';
import * as m004 from './004_market';
import * as m005 from './005_cashier';
import * as m006 from './006_portfolio';
import * as m007 from './007_statement_index';
import * as m008 from './008_ledger_write_path';
import * as m009 from './009_dual_control';
import * as m011 from './011_account_security';
import * as m013 from './013_verification_run';
import * as m014 from './014_back_office';
import * as m015 from './015_post_movement';
import * as m016 from './016_audit_indexes';
import * as m017 from './017_seal_by_commit';
import * as m018 from './018_lean_journal';
import * as m019 from './019_movement_batches';
import * as m020 from './020_operator_decisions';
import * as m021 from './021_stuck_lock_isolation';
import * as m022 from './022_users_newest';
import * as m023 from './023_db_functions';
import * as m024 from './024_first_investment_date';
import * as m025 from './025_request_versions';
import * as m026 from './026_liabilities';
import * as m027 from './027_support';
import * as m028 from './028_monitoring_alerts';
import * as m029 from './029_identity_verification';
import * as m030 from './030_data_export';
import * as m031 from './031_account_closure';
import * as m032 from './032_second_factor_hold';
import * as m033 from './033_deposit_addresses';
// 034 and 035 were never used (branches merged together); the next migration is 037, as the migrator
// refuses one ordered before a migration a database has already run.
import * as m036 from './036_one_open_conversation';
import * as m037 from './037_identity_expiry_warning';
import * as m038 from './038_chain_payments';
import * as m040 from './040_price_micros';
import * as m041 from './041_chain_deposits';
import * as m042 from './042_payout_tx';
import * as m043 from './043_chain_senders';

export interface MigrationModule {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** In order. A migration, once released, is never edited: add the next one. */
export const migrations: Record<string, MigrationModule> = {
  '001_foundation': m001,
  '002_accounts': m002,
  '003_ledger': m003,
  '004_market': m004,
  '005_cashier': m005,
  '006_portfolio': m006,
  '007_statement_index': m007,
  '008_ledger_write_path': m008,
  '009_dual_control': m009,
  '011_account_security': m011,
  '013_verification_run': m013,
  '014_back_office': m014,
  '015_post_movement': m015,
  '016_audit_indexes': m016,
  '017_seal_by_commit': m017,
  '018_lean_journal': m018,
  '019_movement_batches': m019,
  '020_operator_decisions': m020,
  '021_stuck_lock_isolation': m021,
  '022_users_newest': m022,
  '023_db_functions': m023,
  '024_first_investment_date': m024,
  '025_request_versions': m025,
  '026_liabilities': m026,
  '027_support': m027,
  '028_monitoring_alerts': m028,
  '029_identity_verification': m029,
  '030_data_export': m030,
  '031_account_closure': m031,
  '032_second_factor_hold': m032,
  '033_deposit_addresses': m033,
  '036_one_open_conversation': m036,
  '037_identity_expiry_warning': m037,
  '038_chain_payments': m038,
  '040_price_micros': m040,
  '041_chain_deposits': m041,
  '042_payout_tx': m042,
  '043_chain_senders': m043,
};
