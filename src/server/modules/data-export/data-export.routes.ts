import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../accounts/caller';
import { z } from 'zod';
import { dataExportJsonSchema, dataExportResponse, reauthBody } from '../../../contracts/data-export';
import { DomainError } from '../../../core/errors';
import { requireUser, type RequestUser } from '../../http/auth';
import { prefersPage } from '../../http/negotiate';
import { sourceOf } from '../audit/audit.service';
import type { DataExportService } from './data-export.service';

/** Why a download link cannot serve the file; a browser is shown it where a new export is asked. */
const linkRefusals = new Set(['link_expired', 'link_invalid', 'data_export_not_found', 'data_export_not_ready']);

/** The page holding the person's export: the profile, or a former investor's read-only page. */
const exportPage = (user: RequestUser) => (user.closure === 'closed' ? '/account-closed' : '/profile');

/**
 * A browser opening a download link without a session signs in first, then lands where its export
 * is (decision 049); a program still gets the JSON 401.
 */
async function signedInOrToLogin(request: FastifyRequest, reply: FastifyReply) {
  try {
    await requireUser(request, reply);
  } catch (err) {
    if (!prefersPage(request.headers.accept)) throw err;
    return reply.redirect(`/login?next=${encodeURIComponent('/profile')}`, 303);
  }
}

/**
 * The data export's routes (decision 038). They ask for a session and nothing more: a former
 * investor who can still sign in exports the same way (no "active account" check here).
 */
export async function registerDataExportRoutes(app: FastifyInstance, exports: DataExportService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['data-export'];
  for (const version of [1, 2] as const) {
    const schemaJson = JSON.stringify(dataExportJsonSchema(version), null, 2);
    r.get(
      `/api/schemas/data-export/v${version}.json`,
      {
        schema: {
          tags,
          summary: `The JSON Schema of data.json in the data export, version ${version}${version === 2 ? ' (the current one)' : ''}`,
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', 'application/schema+json; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(schemaJson),
    );
  }

  r.get(
    '/api/data-export',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The caller's newest data export and its progress",
        response: { 200: dataExportResponse },
      },
    },
    async (request) => ({ export: await exports.latest(request.user!.id) }),
  );

  r.post(
    '/api/data-export',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Asks for a data export, after the password (and the second factor when it is on)',
        body: reauthBody,
        response: { 202: dataExportResponse },
      },
    },
    async (request, reply) => {
      const view = await exports.request(callerOf(request), request.user!.id, request.body, sourceOf(request));
      return reply.status(202).send({ export: view });
    },
  );

  r.get(
    '/api/data-export/:id/download',
    {
      onRequest: signedInOrToLogin,
      schema: {
        tags,
        summary: 'The export ZIP, for its owner, through the link signed for them (24 hours)',
        // Our ids only (a NUL or any odd byte never reaches the database: PostgreSQL text refuses NUL).
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) }),
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const user = request.user!;
      let file: Awaited<ReturnType<DataExportService['download']>>;
      try {
        file = await exports.download(
          user.id,
          request.params.id,
          request.query.exp,
          request.query.sig,
          sourceOf(request),
        );
      } catch (err) {
        // A browser is shown why, in the person's language, where a new export is asked (decision 049).
        if (err instanceof DomainError && linkRefusals.has(err.code) && prefersPage(request.headers.accept))
          return reply.redirect(`${exportPage(user)}?export=${err.code}`, 303);
        throw err;
      }
      const { bytes, fileName } = file;
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(bytes);
    },
  );
}
