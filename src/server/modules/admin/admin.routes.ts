import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../contracts/text';
import { adminDepositsResponse, adminWithdrawalsResponse, proofLinkResponse, queueQuery, rejectRequest } from '../../../contracts/cashier';
import { requireAdmin } from '../../http/auth';
import type { Services } from '../../services';

const ok = z.object({ ok: z.literal(true) });
const idParams = z.object({ id: text(64) });

/** The operators' review queue. Every route checks the admin role on the server. */
export async function registerAdminRoutes(app: FastifyInstance, service: Services['admin']): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const guard = { onRequest: requireAdmin };

  r.get('/api/admin/deposits', { ...guard, schema: { tags, summary: 'Deposit requests, newest first (keyset pages)', querystring: queueQuery, response: { 200: adminDepositsResponse } } }, async (request) =>
    service.deposits(request.query.status, request.query.cursor, request.query.limit),
  );
  r.get('/api/admin/withdrawals', { ...guard, schema: { tags, summary: 'Withdrawal requests, newest first (keyset pages)', querystring: queueQuery, response: { 200: adminWithdrawalsResponse } } }, async (request) =>
    service.withdrawals(request.query.status, request.query.cursor, request.query.limit),
  );
  r.post('/api/admin/deposits/:id/approve', { ...guard, schema: { tags, summary: 'Approve: credits the amount once', params: idParams, response: { 200: ok } } }, async (request) => {
    await service.approveDeposit(request.user!.id, request.params.id);
    return { ok: true as const };
  });
  r.post('/api/admin/deposits/:id/reject', { ...guard, schema: { tags, summary: 'Reject with an optional reason', params: idParams, body: rejectRequest.optional(), response: { 200: ok } } }, async (request) => {
    await service.rejectDeposit(request.user!.id, request.params.id, request.body?.reason);
    return { ok: true as const };
  });
  r.post('/api/admin/withdrawals/:id/approve', { ...guard, schema: { tags, summary: 'Approve: settles the held amount', params: idParams, response: { 200: ok } } }, async (request) => {
    await service.approveWithdrawal(request.user!.id, request.params.id);
    return { ok: true as const };
  });
  r.post('/api/admin/withdrawals/:id/reject', { ...guard, schema: { tags, summary: 'Reject: releases the held amount', params: idParams, body: rejectRequest.optional(), response: { 200: ok } } }, async (request) => {
    await service.rejectWithdrawal(request.user!.id, request.params.id, request.body?.reason);
    return { ok: true as const };
  });
  r.get('/api/admin/deposits/:id/proof', { ...guard, schema: { tags, summary: 'A signed link to the proof image, valid 3600 s', params: idParams, response: { 200: proofLinkResponse } } }, async (request) =>
    service.proofLink(request.params.id),
  );
}
