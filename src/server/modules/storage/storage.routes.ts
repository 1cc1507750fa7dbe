import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ProofStore } from './proof-store';
import { readProofByLink } from './storage.service';

/** GET /api/proof-files/<userId>/<timestamp>.<ext>?exp=…&sig=… (links from signProofLink). */
export async function registerStorageRoutes(app: FastifyInstance, ctx: AppContext, proofs: ProofStore): Promise<void> {
  app.get<{ Params: { '*': string }; Querystring: Record<string, unknown> }>(
    '/api/proof-files/*',
    { schema: { hide: true } },
    async (req, reply) => {
      const { bytes, mime } = await readProofByLink(ctx, proofs, req.params['*'], req.query.exp, req.query.sig);
      return reply
        .header('content-type', mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('referrer-policy', 'no-referrer')
        .send(bytes);
    },
  );
}
