import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerMarketRoutes } from './market/market.routes';

/** Every feature module registers its routes here, under /api. */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerMarketRoutes(app, ctx);
}
