import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditCsvQuery,
  auditIntegrityResponse,
  auditPageQuery,
  auditPageResponse,
  outboxRetryResponse,
  userAuditQuery,
  overviewResponse,
  revokedResponse,
  userDetailResponse,
  userSearchQuery,
  userSearchResponse,
  verificationRequestResponse,
} from '../../../contracts/backoffice';
import { statementQuery, statementResponse } from '../../../contracts/portfolio';
import { text } from '../../../contracts/text';
import { requireAdmin } from '../../http/auth';
import type { Services } from '../../services';

const userParams = z.object({ id: text(64) });
const noStore = { 'cache-control': 'no-store' };
const sessionParams = z.object({ id: text(64), sessionId: text(128) });

/** The back office beyond the queue: overview, users, their sessions. Every route checks the admin role. */
export async function registerBackOfficeRoutes(
  app: FastifyInstance,
  { overview, users, statement, audit }: Services['backOffice'],
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const guard = { onRequest: requireAdmin };

  r.get(
    '/api/admin/overview',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Queues, today, liabilities against the ledger, last verification, outbox, price age, job leases',
        response: { 200: overviewResponse },
      },
    },
    async () => overview.overview(),
  );
  r.post(
    '/api/admin/verifications',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Asks for a ledger verification now; a job runs it',
        response: { 202: verificationRequestResponse },
      },
    },
    async (request, reply) => {
      const result = await overview.requestVerification(request.user!.id);
      return reply.code(202).send(result);
    },
  );
  r.post(
    '/api/admin/outbox/retry',
    {
      ...guard,
      schema: { tags, summary: 'Puts every failed e-mail back in the queue', response: { 200: outboxRetryResponse } },
    },
    async () => overview.retryFailedEmails(),
  );
  r.get(
    '/api/admin/users',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Users by prefix of UID, e-mail, username or name (case and accents ignored), keyset pages',
        querystring: userSearchQuery,
        response: { 200: userSearchResponse },
      },
    },
    async (request) => users.search(request.query.q, request.query.cursor, request.query.limit),
  );
  r.get(
    '/api/admin/users/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'A user: profile, level, balances, investments, requests, transfers, sessions',
        params: userParams,
        response: { 200: userDetailResponse },
      },
    },
    async (request) => users.detail(request.params.id),
  );
  r.get(
    '/api/admin/users/:id/statement',
    {
      ...guard,
      schema: {
        tags,
        summary: "A user's statement with the running balance, newest first",
        params: userParams,
        querystring: statementQuery,
        response: { 200: statementResponse },
      },
    },
    async (request) => {
      await users.exists(request.params.id);
      return statement.page(request.params.id, request.query);
    },
  );
  r.delete(
    '/api/admin/users/:id/sessions',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Signs the user out everywhere',
        params: userParams,
        response: { 200: revokedResponse },
      },
    },
    async (request) => users.revokeSessions(request.params.id),
  );
  r.delete(
    '/api/admin/users/:id/sessions/:sessionId',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Revokes one session of the user',
        params: sessionParams,
        response: { 200: revokedResponse },
      },
    },
    async (request) => users.revokeSessions(request.params.id, request.params.sessionId),
  );

  r.get(
    '/api/admin/users/:id/audit',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The audit rows where the user is the actor or the target, newest first, keyset pages',
        params: userParams,
        querystring: userAuditQuery,
        response: { 200: auditPageResponse },
      },
    },
    async (request, reply) => {
      await users.exists(request.params.id);
      reply.headers(noStore);
      return audit.ofUser(request.params.id, request.query.cursor, request.query.limit);
    },
  );
  r.get(
    '/api/admin/audit',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The audit trail filtered by actor, action, target and days, newest first, keyset pages',
        querystring: auditPageQuery,
        response: { 200: auditPageResponse },
      },
    },
    async (request, reply) => {
      const { cursor, limit, ...filter } = request.query;
      reply.headers(noStore);
      return audit.page(filter, cursor, limit);
    },
  );
  r.get(
    '/api/admin/audit.csv',
    {
      ...guard,
      schema: {
        tags,
        summary:
          "The filtered audit trail as CSV (newest first, at most AUDIT_CSV_MAX_ROWS rows), in the operator's language",
        querystring: auditCsvQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { lang, ...filter } = request.query;
      const body = await audit.csv(filter, lang, request.user!.id);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .headers(noStore)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="atlas-audit-${day}.csv"`)
        .send(body);
    },
  );
  r.get(
    '/api/admin/audit/integrity',
    {
      ...guard,
      schema: {
        tags,
        summary: "The newest seal's hash and the last verification of the seals",
        response: { 200: auditIntegrityResponse },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return audit.integrity();
    },
  );
}
