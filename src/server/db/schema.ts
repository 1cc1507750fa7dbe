import type { FoundationTables } from './migrations/001_foundation';
import type { AccountsTables } from './migrations/002_accounts';
import type { LedgerTables } from './migrations/003_ledger';
import type { MarketTables } from './migrations/004_market';
import type { CashierTables } from './migrations/005_cashier';
import type { PortfolioTables } from './migrations/006_portfolio';
import type { AccountSecurityTables } from './migrations/011_account_security';
import type { VerificationTables } from './migrations/013_verification_run';
import type { BackOfficeTables } from './migrations/014_back_office';

/**
 * Every table the server queries, composed from the table types that each migration exports.
 * Portable column types: integers for money (cents) and booleans (0/1), ISO-8601 UTC text for time.
 */
export interface Database extends FoundationTables, AccountsTables, LedgerTables, MarketTables, CashierTables, PortfolioTables, AccountSecurityTables, VerificationTables, BackOfficeTables {}
