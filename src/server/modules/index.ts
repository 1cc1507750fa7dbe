import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Services } from '../services';
import { registerAccounts } from './accounts/accounts.module';
import { registerAssistantRoutes } from './assistant/assistant.routes';
import { registerSupportRoutes } from './support/support.routes';
import { registerContentRoutes } from './content/content.routes';
import { registerAdminRoutes } from './admin/admin.routes';
import { registerBackOfficeRoutes } from './backoffice/backoffice.routes';
import { registerCashierRoutes } from './cashier/cashier.routes';
import { registerChainRoutes } from './chain/chain.routes';
import { registerChainRefundRoutes } from './chain/chain-refunds.routes';
import { registerChainHoldRoutes } from './chain/chain-holds.routes';
import { registerChainClaimRoutes } from './chain/chain-claims.routes';
import { registerDataExportRoutes } from './data-export/data-export.routes';
import { registerIdentityRoutes } from './identity/identity.routes';
import { registerLimitsRoutes } from './limits/limits.routes';
import { registerInvestingRoutes } from './investing/investing.routes';
import { registerEmbedRoutes } from './market/embed.routes';
import { registerLiabilitiesRoutes } from './liabilities/liabilities.routes';
import { registerMonitoringRoutes } from './monitoring/monitoring.routes';
import { registerMarketRoutes } from './market/market.routes';
import { registerPortfolioRoutes } from './portfolio/portfolio.routes';
import { registerRealtimeRoutes } from './realtime/realtime.routes';
import { registerStorageRoutes } from './storage/storage.routes';
import { registerTestingRoutes } from './testing/testing.routes';
import { registerTransferRoutes } from './transfers/transfers.routes';
import { registerVitalsRoutes } from './vitals/vitals.routes';
import { registerClosureRoutes } from './closure/closure.routes';
import { vitalsService } from './vitals/vitals.service';

/** Every feature module registers its routes here, under /api, with the services it uses. */
export async function registerModules(app: FastifyInstance, ctx: AppContext, services: Services): Promise<void> {
  // First: its hooks (a closed account's money routes answer account_closed) cover every module after it.
  registerClosureRoutes(app, services);
  await registerRealtimeRoutes(app, services.events);
  await registerAccounts(app, ctx, services.accounts);
  await registerContentRoutes(app, ctx);
  await registerMarketRoutes(app, ctx, services.prices, services.rates);
  await registerEmbedRoutes(app);
  await registerStorageRoutes(app, ctx, services.proofs);
  await registerInvestingRoutes(app, services.investing);
  await registerTransferRoutes(app, services.transfers);
  await registerCashierRoutes(app, services);
  await registerChainRoutes(app, ctx);
  await registerChainRefundRoutes(app, ctx);
  await registerChainClaimRoutes(app, ctx, services);
  await registerChainHoldRoutes(app, services.chainHolds);
  await registerIdentityRoutes(app, services);
  registerLimitsRoutes(app, services);
  await registerAdminRoutes(app, services);
  await registerBackOfficeRoutes(app, services.backOffice);
  await registerPortfolioRoutes(app, services, ctx.clock);
  await registerLiabilitiesRoutes(app, services.liabilities);
  await registerAssistantRoutes(app, services, { messagesPerMinute: ctx.config.assistantMessagesPerMinute });
  await registerSupportRoutes(app, services);
  await registerMonitoringRoutes(app, services.monitoring);
  await registerDataExportRoutes(app, services.dataExport);
  // Browsers' vitals go to the registry /metrics serves (decision 030).
  await registerVitalsRoutes(app, vitalsService(app.metrics), {
    beaconsPerMinute: ctx.config.vitals.beaconsPerMinute,
  });
  // Never in production: config refuses TEST_CLOCK there.
  if (ctx.config.testClock) await registerTestingRoutes(app, ctx, services.rates);
}
