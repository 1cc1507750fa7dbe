import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertListQuery,
  alertListResponse,
  alertParams,
  alertSchema,
  resolveAlertRequest,
} from '../../../contracts/monitoring';
import { requireAdmin } from '../../http/auth';
import { sourceOf } from '../audit/audit.service';
import type { MonitoringService } from './monitoring.service';

/** Monitoring alerts in the back office (decision 035): operators only; no investor route carries them. */
export async function registerMonitoringRoutes(app: FastifyInstance, monitoring: MonitoringService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const guard = { onRequest: requireAdmin };

  r.get(
    '/api/admin/alerts',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Monitoring alerts with their evidence: open ones oldest first, resolved ones newest first, `limit` of each, and how many there are',
        querystring: alertListQuery,
        response: { 200: alertListResponse },
      },
    },
    async (request, reply) => {
      reply.headers({ 'cache-control': 'no-store' });
      return monitoring.list(request.query.status, request.query.limit);
    },
  );

  r.post(
    '/api/admin/alerts/:id/resolve',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Resolve an open alert with a note (audited)',
        params: alertParams,
        body: resolveAlertRequest,
        response: { 200: alertSchema },
      },
    },
    async (request) => monitoring.resolve(request.user!.id, request.params.id, request.body.note, sourceOf(request)),
  );
}
