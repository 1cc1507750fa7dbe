import type { AppContext } from './context';
import { createAccounts, type Accounts } from './modules/accounts/accounts.module';
import { createAdminService } from './modules/admin/admin.service';
import { createIntentService, type IntentService } from './modules/assistant/intent.service';
import { createAccountFactsService } from './modules/assistant/account-facts.service';
import { createInboxService } from './modules/support/inbox.service';
import { createSupportService } from './modules/support/support.service';
import { createAuditViewService } from './modules/audit/audit-view.service';
import { createOverviewService } from './modules/backoffice/overview.service';
import { createUsersService } from './modules/backoffice/users.service';
import { createDepositsService } from './modules/cashier/deposits.service';
import { createDepositAddressService } from './modules/chain/deposit-address.service';
import { createChainHoldsService, type ChainHoldsService } from './modules/chain/chain-holds.service';
import { createHistoryService } from './modules/cashier/history.service';
import { createWithdrawalsService } from './modules/cashier/withdrawals.service';
import { createInvestingService } from './modules/investing/investing.service';
import { createPriceService, type PriceService } from './modules/market/market.service';
import { createRateService, type RateService } from './modules/market/rates.service';
import { createPayoutCheck } from './modules/chain/payout.service';
import { busNotifier, type Notifier } from './modules/notifier';
import { createPortfolioService } from './modules/portfolio/portfolio.service';
import { createStatementService } from './modules/portfolio/statement.service';
import { createFreezeService } from './modules/freeze/freeze.service';
import { createMovements, type Movements } from './modules/ledger/movement';
import { createEventBus, type EventBus } from './modules/realtime/event-bus';
import { createProofStore, type ProofStore } from './modules/storage/proof-store';
import { createPayeeLookup } from './modules/transfers/transfers.repo';
import { createTransfersService } from './modules/transfers/transfers.service';
import { createIdentityService } from './modules/identity/identity.service';
import { createLimitsService, type LimitsService } from './modules/limits/limits.service';
import { createLiabilitiesService, type LiabilitiesService } from './modules/liabilities/liabilities.service';
import { createMonitoringService, type MonitoringService } from './modules/monitoring/monitoring.service';
import { createDataExportService, type DataExportService } from './modules/data-export/data-export.service';
import { createExportStore } from './modules/data-export/export-store';
import { createClosureService, type ClosureService } from './modules/closure/closure.service';
import { createRetentionService, type RetentionService } from './modules/closure/retention.service';

/** Everything the routes and jobs use, each built once (decision 020). */
export interface Services {
  events: EventBus;
  notifier: Notifier;
  prices: PriceService;
  /** Every coin's rate (decision 056); BTC's through `prices`, one cache. */
  rates: RateService;
  proofs: ProofStore;
  accounts: Accounts;
  /** The one money writer of this server (decision 021), shared by every service that moves money. */
  movements: Movements;
  investing: ReturnType<typeof createInvestingService>;
  transfers: ReturnType<typeof createTransfersService>;
  deposits: ReturnType<typeof createDepositsService>;
  withdrawals: ReturnType<typeof createWithdrawalsService>;
  /** Identity verification, the investor's side (decision 036); operators decide through `admin`. */
  identity: ReturnType<typeof createIdentityService>;
  /** Tiers and limits (decision 037): the checks of deposits and withdrawals, and the investor's view. */
  limits: LimitsService;
  history: ReturnType<typeof createHistoryService>;
  admin: ReturnType<typeof createAdminService>;
  freezes: ReturnType<typeof createFreezeService>;
  backOffice: {
    overview: ReturnType<typeof createOverviewService>;
    users: ReturnType<typeof createUsersService>;
    statement: ReturnType<typeof createStatementService>;
    audit: ReturnType<typeof createAuditViewService>;
  };
  portfolio: ReturnType<typeof createPortfolioService>;
  /** The signed-in investor's own facts, for the assistant. */
  accountFacts: ReturnType<typeof createAccountFactsService>;
  /** Which topic an assistant message is about (decision 064). */
  intent: IntentService;
  /** Support conversations: the investor's side and the operators' inbox. */
  support: ReturnType<typeof createSupportService>;
  supportInbox: ReturnType<typeof createInboxService>;
  statement: ReturnType<typeof createStatementService>;
  /** Proof-of-liabilities rounds and each investor's own proof (decision 034). */
  liabilities: LiabilitiesService;
  /** Holds on a person's withdrawals after a credited chain payment left the chain (decision 058). */
  chainHolds: ChainHoldsService;
  /** Monitoring alerts for operators (decision 035), raised by a leased job, never shown to investors. */
  monitoring: MonitoringService;
  /** The investor's data export (decision 038): re-authenticated requests, a leased builder, signed 24-hour links. */
  dataExport: DataExportService;
  /** Account closure (decision 039): the investor's state machine, advanced by a job and their own money events. */
  closure: ClosureService;
  /** The retention schedule run for real, and erasure requests (decision 039). */
  retention: RetentionService;
  /** Releases what the services hold open (the event bus's connection, the proof store's client). */
  close(): Promise<void>;
}

/**
 * The composition root: the one place where the app's services are built and handed to each
 * other. Routes and jobs receive what they need from here; no module keeps a hidden instance.
 */
export function buildServices(ctx: AppContext, log: { warn(obj: unknown, msg: string): void }): Services {
  const events = createEventBus(ctx, log);
  const notifier = busNotifier(events, log);
  const prices = createPriceService(ctx);
  const proofs = createProofStore(ctx.config);
  const statement = createStatementService(ctx);
  const accounts = createAccounts(ctx);
  const { security } = accounts;
  // One writer per server: the movements of every service in one turn share one group (decision 023).
  const movements = createMovements(ctx.dbh);
  const limits = createLimitsService(ctx);
  const history = createHistoryService(ctx, limits);
  const accountFacts = createAccountFactsService(ctx, prices, limits);
  const dataExport = createDataExportService(ctx, {
    sessions: accounts.sessions,
    proofs,
    files: createExportStore(ctx.config),
    log: { warn: (obj, msg) => log.warn(obj, msg), error: (obj, msg) => log.warn(obj, msg) },
  });
  const retention = createRetentionService(ctx, { proofs });
  const rates = createRateService(ctx, prices);
  return {
    events,
    notifier,
    prices,
    rates,
    proofs,
    accounts,
    movements,
    investing: createInvestingService(ctx, { prices, movements, notify: notifier }),
    transfers: createTransfersService(ctx, {
      security,
      movements,
      payeeByUid: createPayeeLookup(ctx.dbh),
      notify: notifier,
    }),
    deposits: createDepositsService(ctx, { notifier, proofs, limits, ownAddresses: createDepositAddressService(ctx) }),
    withdrawals: createWithdrawalsService(ctx, { notifier, movements, limits }),
    identity: createIdentityService(ctx, { notifier, proofs }),
    limits,
    history,
    admin: createAdminService(ctx, notifier, movements, limits, createPayoutCheck(ctx, rates, log)),
    freezes: createFreezeService(ctx, notifier),
    backOffice: {
      overview: createOverviewService(ctx),
      users: createUsersService(ctx, history, limits),
      statement,
      audit: createAuditViewService(ctx),
    },
    portfolio: createPortfolioService(ctx, prices),
    accountFacts,
    intent: createIntentService(log),
    support: createSupportService(ctx, { accountFacts, history, notifier }),
    supportInbox: createInboxService(ctx, { notifier }),
    statement,
    liabilities: createLiabilitiesService(ctx, prices),
    monitoring: createMonitoringService(ctx, events),
    chainHolds: createChainHoldsService(ctx, notifier),
    dataExport,
    closure: createClosureService(ctx, {
      movements,
      notifier,
      sessions: accounts.sessions,
      afterClose: (userId) => retention.runFor(userId),
    }),
    retention,
    close: async () => {
      await events.close();
      await proofs.close();
      dataExport.close();
    },
  };
}
