import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Every feature module registers its routes here, under /api. */
export async function registerModules(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
