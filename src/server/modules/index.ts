import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerAccounts } from './accounts/accounts.module';
import { registerContentRoutes } from './content/content.routes';
import { registerAdminRoutes } from './admin/admin.routes';
import { registerBackOfficeRoutes } from './backoffice/backoffice.routes';
import { registerCashierRoutes } from './cashier/cashier.routes';
import { registerInvestingRoutes } from './investing/investing.routes';
import { busNotifier } from './notifier';
import { registerEmbedRoutes } from './market/embed.routes';
import { registerMarketRoutes } from './market/market.routes';
import { registerPortfolioRoutes } from './portfolio/portfolio.routes';
import { registerRealtimeRoutes } from './realtime/realtime.routes';
import { registerStorageRoutes } from './storage/storage.routes';
import { registerTestingRoutes } from './testing/testing.routes';
import { registerTransferRoutes } from './transfers/transfers.routes';

/** Every feature module registers its routes here, under /api. */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // First: it decorates the app with `events`, which the other modules publish to.
  await registerRealtimeRoutes(app, ctx);
  await registerAccounts(app, ctx);
  await registerContentRoutes(app, ctx);
  await registerMarketRoutes(app, ctx);
  await registerEmbedRoutes(app);
  await registerStorageRoutes(app, ctx);
  const notifier = busNotifier(app.events, app.log);
  await registerInvestingRoutes(app, ctx, notifier);
  await registerTransferRoutes(app, ctx, notifier);
  await registerCashierRoutes(app, ctx, notifier);
  await registerAdminRoutes(app, ctx, notifier);
  await registerBackOfficeRoutes(app, ctx);
  await registerPortfolioRoutes(app, ctx);
  // Never in production: config refuses TEST_CLOCK there.
  if (ctx.config.testClock) await registerTestingRoutes(app, ctx);
}
