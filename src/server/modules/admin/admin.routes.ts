import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../contracts/text';
import {
  adminDepositsResponse,
  adminWithdrawalsResponse,
  approveWithdrawalRequest,
  decisionResponse,
  proofLinkResponse,
  queueQuery,
  rejectRequest,
} from '../../../contracts/cashier';
import { freezeRequest, freezeState, uidParams } from '../../../contracts/admin';
import {
  adminIdentitiesResponse,
  identityDecisionResponse,
  identityFilesResponse,
  identityQueueQuery,
} from '../../../contracts/identity';
import { requireAdmin } from '../../http/auth';
import type { Services } from '../../services';
import { sourceOf } from '../audit/audit.service';

const idParams = z.object({ id: text(64) });

/** The operators' review queue and account freezes. Every route checks the admin role on the server. */
export async function registerAdminRoutes(
  app: FastifyInstance,
  { admin: service, freezes }: Pick<Services, 'admin' | 'freezes'>,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const guard = { onRequest: requireAdmin };
  const view = (request: { user?: { id: string }; query: { waiting?: 'me' } }) => ({
    operatorId: request.user!.id,
    waitingForMe: request.query.waiting === 'me',
  });

  r.get(
    '/api/admin/deposits',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Deposit requests, newest first (keyset pages); `waiting=me`: awaiting my second approval',
        querystring: queueQuery,
        response: { 200: adminDepositsResponse },
      },
    },
    async (request) => service.deposits(request.query.status, request.query.cursor, request.query.limit, view(request)),
  );
  r.get(
    '/api/admin/withdrawals',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Withdrawal requests, newest first (keyset pages); `waiting=me`: awaiting my second approval',
        querystring: queueQuery,
        response: { 200: adminWithdrawalsResponse },
      },
    },
    async (request) =>
      service.withdrawals(request.query.status, request.query.cursor, request.query.limit, view(request)),
  );
  r.post(
    '/api/admin/deposits/:id/approve',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Approve: credits the amount once (at or above DUAL_CONTROL_FROM, the second approval of another operator does)',
        params: idParams,
        response: { 200: decisionResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      stage: await service.approveDeposit(request.user!.id, request.params.id, sourceOf(request)),
    }),
  );
  r.post(
    '/api/admin/deposits/:id/reject',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Reject at any stage with a reason of the catalogue that applies to deposits, and an optional internal note',
        params: idParams,
        body: rejectRequest,
        response: { 200: decisionResponse },
      },
    },
    async (request) => {
      await service.rejectDeposit(request.user!.id, request.params.id, request.body, sourceOf(request));
      return { ok: true as const, stage: 'rejected' as const };
    },
  );
  r.post(
    '/api/admin/withdrawals/:id/approve',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Approve: settles the held amount (at or above DUAL_CONTROL_FROM, the second approval of another operator does). The settling approval carries `payoutTxid`, required and checked on chain for a coin with a provider (decision 057)',
        params: idParams,
        body: approveWithdrawalRequest,
        response: { 200: decisionResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      stage: await service.approveWithdrawal(request.user!.id, request.params.id, sourceOf(request), {
        payoutTxid: request.body?.payoutTxid,
      }),
    }),
  );
  r.post(
    '/api/admin/withdrawals/:id/reject',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Reject at any stage with a reason of the catalogue that applies to withdrawals (and an optional internal note): releases the held amount',
        params: idParams,
        body: rejectRequest,
        response: { 200: decisionResponse },
      },
    },
    async (request) => {
      await service.rejectWithdrawal(request.user!.id, request.params.id, request.body, sourceOf(request));
      return { ok: true as const, stage: 'rejected' as const };
    },
  );
  r.get(
    '/api/admin/deposits/:id/proof',
    {
      ...guard,
      schema: {
        tags,
        summary: 'A signed link to the proof image, valid 3600 s',
        params: idParams,
        response: { 200: proofLinkResponse },
      },
    },
    async (request) => service.proofLink(request.params.id),
  );

  r.get(
    '/api/admin/identities',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Identity verifications, newest first (keyset pages); `waiting=me`: awaiting my second approval',
        querystring: identityQueueQuery,
        response: { 200: adminIdentitiesResponse },
      },
    },
    async (request) =>
      service.identities(request.query.status, request.query.cursor, request.query.limit, view(request)),
  );
  r.post(
    '/api/admin/identities/:id/verify',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Verify an identity (with DUAL_CONTROL_IDENTITY, the second approval of another operator does); an expired document is refused',
        params: idParams,
        response: { 200: identityDecisionResponse },
      },
    },
    async (request) => {
      const stage = await service.verifyIdentity(request.user!.id, request.params.id, sourceOf(request));
      return { ok: true as const, stage: stage === 'approved' ? ('verified' as const) : stage };
    },
  );
  r.post(
    '/api/admin/identities/:id/reject',
    {
      ...guard,
      schema: {
        tags,
        summary:
          'Reject at any stage with a reason of the catalogue that applies to identities, and an optional internal note',
        params: idParams,
        body: rejectRequest,
        response: { 200: identityDecisionResponse },
      },
    },
    async (request) => {
      await service.rejectIdentity(request.user!.id, request.params.id, request.body, sourceOf(request));
      return { ok: true as const, stage: 'rejected' as const };
    },
  );
  r.get(
    '/api/admin/identities/:id/files',
    {
      ...guard,
      schema: {
        tags,
        summary: "Signed links to a verification's images (front, back, selfie, proof of address), valid 3600 s",
        params: idParams,
        response: { 200: identityFilesResponse },
      },
    },
    async (request) => service.identityFiles(request.params.id),
  );

  r.get(
    '/api/admin/users/:uid/freeze',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Whether this user (by UID) is frozen',
        params: uidParams,
        response: { 200: freezeState },
      },
    },
    async (request) => freezes.state(request.params.uid),
  );
  r.post(
    '/api/admin/users/:uid/freeze',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Freeze a user: no transfer out, withdrawal or new investment until unfrozen',
        params: uidParams,
        body: freezeRequest,
        response: { 200: freezeState },
      },
    },
    async (request) => freezes.freeze(request.user!.id, request.params.uid, request.body.reason, sourceOf(request)),
  );
  r.post(
    '/api/admin/users/:uid/unfreeze',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Unfreeze a user, with a reason',
        params: uidParams,
        body: freezeRequest,
        response: { 200: freezeState },
      },
    },
    async (request) => freezes.unfreeze(request.user!.id, request.params.uid, request.body.reason, sourceOf(request)),
  );
}
