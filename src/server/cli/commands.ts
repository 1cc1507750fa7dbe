import type { AppContext } from '../context';
import { createAdminCommand } from '../modules/accounts/accounts.cli';
import { sealHeadCommand, verifyLedgerCommand } from '../modules/ledger/ledger.cli';
import { liabilitiesRoundCommand } from '../modules/liabilities/liabilities.cli';
import { seedDemoCommand } from './seed-demo';
import { depositAddressesCommand } from '../modules/chain/deposit-address.cli';
import { erasureRequestCommand, retentionRunCommand, retentionStatusCommand } from '../modules/closure/closure.cli';

export interface CliCommand {
  summary: string;
  /** Returns the process exit code. */
  run(ctx: AppContext, flags: Record<string, string>): Promise<number>;
}

/** Operator commands; each feature adds its own (create admin, verify-ledger, seed-demo…). */
export const commands: Record<string, CliCommand> = {
  create: createAdminCommand,
  'verify-ledger': verifyLedgerCommand,
  'seal-head': sealHeadCommand,
  'seed-demo': seedDemoCommand,
  'liabilities-round': liabilitiesRoundCommand,
  'retention-status': retentionStatusCommand,
  'retention-run': retentionRunCommand,
  'erasure-request': erasureRequestCommand,
  'deposit-addresses': depositAddressesCommand,
};
