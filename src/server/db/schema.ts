import type { FoundationTables } from './migrations/001_foundation';
import type { AccountsTables } from './migrations/002_accounts';
import type { LedgerTables } from './migrations/003_ledger';
import type { MarketTables } from './migrations/004_market';
import type { CashierTables } from './migrations/005_cashier';
import type { PortfolioTables } from './migrations/006_portfolio';
import type { AuditColumns, DualControlTables, RequestStageColumns, SealedColumn } from './migrations/009_dual_control';
import type { AccountSecurityTables } from './migrations/011_account_security';
import type { SecondFactorHoldColumn } from './migrations/032_second_factor_hold';
import type { VerificationTables } from './migrations/013_verification_run';
import type { BackOfficeTables } from './migrations/014_back_office';
import type { SealRangeColumn } from './migrations/017_seal_by_commit';
import type { LiabilitiesTables } from './migrations/026_liabilities';
import type { RequestVersionColumns } from './migrations/025_request_versions';
import type { SupportTables } from './migrations/027_support';
import type { MonitoringTables } from './migrations/028_monitoring_alerts';
import type { IdentityTables } from './migrations/029_identity_verification';
import type { IdentityExpiryWarnedColumn } from './migrations/037_identity_expiry_warning';
import type { DataExportTables } from './migrations/030_data_export';
import type { ClosureTables } from './migrations/031_account_closure';
import type { DepositAddressTables, DepositPaidToColumns } from './migrations/033_deposit_addresses';
import type { ChainTables } from './migrations/038_chain_payments';
import type { PriceMicrosColumns } from './migrations/040_price_micros';
import type { ChainDepositColumns, ChainPaymentOutcomeColumns } from './migrations/041_chain_deposits';
import type { PayoutTxColumns } from './migrations/042_payout_tx';
import type { ChainSenderTables } from './migrations/043_chain_senders';

/**
 * Every table the server queries, composed from the table types that each migration exports.
 * Portable column types: integers for money (cents) and booleans (0/1), ISO-8601 UTC text for time.
 */
interface Tables
  extends
    FoundationTables,
    AccountsTables,
    LedgerTables,
    MarketTables,
    CashierTables,
    PortfolioTables,
    DualControlTables,
    AccountSecurityTables,
    VerificationTables,
    BackOfficeTables,
    LiabilitiesTables,
    SupportTables,
    MonitoringTables,
    IdentityTables,
    DataExportTables,
    ClosureTables,
    DepositAddressTables,
    ChainTables,
    ChainSenderTables {}

/** Columns added by later migrations are merged into the table types of the migration that created them. */
type Extended = {
  deposit_request: Tables['deposit_request'] &
    Partial<RequestStageColumns> &
    Partial<RequestVersionColumns> &
    Partial<DepositPaidToColumns> &
    Partial<ChainDepositColumns>;
  withdrawal_request: Tables['withdrawal_request'] &
    Partial<RequestStageColumns> &
    Partial<RequestVersionColumns> &
    Partial<PayoutTxColumns>;
  ledger_tx: Tables['ledger_tx'] & Partial<SealedColumn>;
  ledger_entry: Tables['ledger_entry'] & Partial<SealedColumn>;
  audit_log: Tables['audit_log'] & Partial<AuditColumns>;
  ledger_seal: Tables['ledger_seal'] & Partial<SealRangeColumn>;
  account_security: Tables['account_security'] & Partial<SecondFactorHoldColumn>;
  price_snapshot: Tables['price_snapshot'] & Partial<PriceMicrosColumns>;
  identity_verification: Tables['identity_verification'] & Partial<IdentityExpiryWarnedColumn>;
  chain_payment: Tables['chain_payment'] & Partial<ChainPaymentOutcomeColumns>;
};

export interface Database extends Omit<Tables, keyof Extended>, Extended {}
